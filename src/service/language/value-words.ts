/**
 * Words a choice's value may hold though they part values elsewhere: "a" before a span ("three times a
 * week") and "and" between the words of one item of a list of commas ("(full groom, bath and brush, or
 * nail trim)", "(fish and chips, pie or salad)").
 */
import { CHOICE_NAMES } from '../../contract/prompt-words';
import type { Phrase } from './parse';
import { DETERMINERS, type Token } from './retag';

/** "a" in "twice a week": an article before a span of time is part of the value. */
export const spanArticle = (tokens: Token[], at: number) =>
  tokens[at]?.lower === 'a' && /^(?:day|week|fortnight|month|year)$/.test(tokens[at + 1]?.lower ?? '');

const plainWord = (t: Token | undefined) => t !== undefined && /^[a-z][a-z-]*$/.test(t.lower) && t.pos !== 'DET';
const listMark = (t: Token | undefined) => /^[,(:)]$/.test(t?.text ?? '');

/** "bath and brush": two words "and" joins as one item, a list's mark on each side; read stepping by `step`. */
export function joinedItem(tokens: Token[], at: number, step: 1 | -1): boolean {
  const [near, far, beyond] = [tokens[at - step], tokens[at + step], tokens[at + 2 * step]];
  return (
    tokens[at]!.lower === 'and' &&
    plainWord(near) &&
    plainWord(far) &&
    listMark(beyond) &&
    listMark(tokens[at - 2 * step])
  );
}

/** "(cut, colour, blow)": one word between each two marks, each a value; "(cut, colour, or blow dry)" is not. */
export const oneWordEach = (inside: Token[]) =>
  inside.length % 2 === 1 && inside.every((t, k) => (k % 2 === 0) !== /^(?:,|\/|or|and)$/.test(t.lower));

/** "they use", "they're paying": a verb after its subject, no value ("whether they use Windows or Linux"). */
export const subjectsVerb = (tokens: Token[], at: number) =>
  tokens[at]!.pos === 'VERB' && /^(?:PRON|AUX)$/.test(tokens[at - 1]?.pos ?? '');

/** The items of "fish and chips, pie or salad": parted by commas, slashes and "or"; undefined without both a comma and "or". */
export function commaOrItems(inside: Token[]): string[] | undefined {
  const marks = ['and', ',', 'or'].map((mark) => inside.some((t) => t.lower === mark));
  if (!marks.every(Boolean)) return undefined;
  const items: string[][] = [[]];
  for (const token of inside)
    if (/^(?:,|\/|or)$/.test(token.lower)) items.push([]);
    else items.at(-1)!.push(token.text);
  const values = items.filter((words) => words.length > 0).map((words) => words.join(' '));
  // ("(vans, lorries and trailers or none)": a bare "and" between items still parts them.)
  return values.every((value) => value.split(' ').length <= 4) ? values : undefined;
}

/** "how often they should do them: daily, twice daily or …": what a "how often" a few words back asks is the frequency. */
export function howOften(tokens: Token[], before: number): Phrase | undefined {
  const how = tokens.slice(Math.max(0, before - 7), before + 1).findLast((t) => t.lower === 'how');
  if (
    !how ||
    tokens[how.index + 1]?.lower !== 'often' ||
    tokens.slice(how.index, before + 1).some((t) => /^[.,;]$/.test(t.text))
  )
    return undefined;
  const [start, end] = [how.index, how.index + 2];
  return {
    words: ['frequency'],
    head: 'frequency',
    plural: false,
    start,
    end,
    before: tokens[start - 1],
    possessive: false,
    given: false,
    optional: false,
    fixed: false,
  };
}

/**
 * What a choice that names no thing is of, read from its values: "Windows, macOS or Linux" is an
 * operating system, "phone, video or onsite" a format. The name most of its values belong to, if any.
 */
export function choiceName(values: string[]): string | undefined {
  // ("in person", "by phone": the place or means the preposition names.)
  const lower = values.map((v) => v.toLowerCase().replace(/^(?:in|on|by) /, ''));
  const [best, count] = Object.entries(CHOICE_NAMES)
    .map(([name, known]) => [name, lower.filter((v) => known.has(v)).length] as const)
    .reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0] as const);
  return count >= 2 && count * 2 > lower.length ? best : undefined;
}

/** A value as a form offers it: in lower case, but "A", "P1" and "VIP" as written. */
export const choiceValue = (value: string) => (/^[A-Z0-9][A-Z0-9.-]*$/.test(value) ? value : value.toLowerCase());

/**
 * "in person or video", "on site or remote": a place said with its preposition; "child, adult or
 * over 75": a bound of a number. Either is a value of a choice, preposition and all.
 */
export const valueWithPreposition = (tokens: Token[], at: number) =>
  (/^(?:in|on|by)$/.test(tokens[at]!.lower) &&
    /^(?:person|site|store|office|phone|post)$/.test(tokens[at + 1]?.lower ?? '')) ||
  (/^(?:over|under|above|below)$/.test(tokens[at]!.lower) && /^\d/.test(tokens[at + 1]?.text ?? ''));

/** "which team they're in (U12, U14, U16)", "which store to pick it up from (…)": what "which" asks names the values. */
export const askedWhich = (tokens: Token[], list: Phrase[], bracket: number) =>
  list.find(
    (p) =>
      p.before?.lower === 'which' &&
      p.end < bracket &&
      p.end >= bracket - 6 &&
      !tokens.slice(p.end, bracket).some((t) => /^[,.;:!?]$/.test(t.text)),
  );

/** "the reason the delivery failed (…)", "the workshop they chose (…)": the thing a clause before the bracket tells of. */
export const describedThing = (tokens: Token[], list: Phrase[], bracket: number) =>
  tokens[bracket - 1]?.pos === 'VERB'
    ? list.find(
        (p) =>
          p.end <= bracket - 1 &&
          p.end >= bracket - 5 &&
          // ("grade achieved (Pass/Merit/Distinction)": a participle right after it.)
          (DETERMINERS.has(tokens[p.start - 1]?.lower ?? '') || p.end === bracket - 1) &&
          !tokens.slice(p.end, bracket).some((t) => /^[,.;:!?]$/.test(t.text)),
      )
    : undefined;
