/**
 * "invoice reminder email - client name amount due date": a note written with no verb names what to
 * make and then what it is made from. It is read as the sentence it stands for: "Write an invoice
 * reminder email with client name, amount and due date." A prompt with a verb before what it names
 * is a sentence already and is left as it is.
 */
import { conceptOf } from '../../contract/field-concepts';
import { NOUN_CLASSES, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { DETERMINERS, tokenize, type Token } from './retag';
import { namesAThing } from './openers';

/** Terse notes are short; a long paste is read as it is. */
const TERSE_LIMIT = 400;
const { made: MADE, tools: TOOLS, identifying: IDENTIFYING } = NOUN_CLASSES;
/** What a note names by its last word, and the verb the sentence it stands for opens with. */
const VERB_OF: Record<string, string> = {
  check: 'Check',
  triage: 'Triage',
  summary: 'Summarize',
  calculator: 'Calculate',
};
const SEPARATOR = /^(?:[-–—:,]|for|with|from|using|of)$/;
const LISTED = /^(?:NOUN|PROPN|ADJ|NUM)$/;

/** A word that ends a field's name: "name", "date", "amount", "email". */
const ends = (word: string) => IDENTIFYING.has(word) || conceptOf(word) !== undefined;

/** A value a thing has rather than a thing: "name", "date", "email", "amount" (but not "customer"). */
const owned = (word: string) => IDENTIFYING.has(word) || (conceptOf(word)?.kind ?? 'string') !== 'string';

/**
 * "client name amount due date" → ["client name", "amount", "due date"]: a word joins the next when
 * it describes it ("due date", "start date") and ends its field when it names a value.
 */
function fieldsOf(run: Token[]): string[] {
  const fields: string[][] = [[]];
  run.forEach((token, at) => {
    const field = fields.at(-1)!;
    field.push(token.text);
    const next = run[at + 1];
    // "rent owed", "hours worked": a participle goes with the value before it.
    const participle = next?.pos === 'VERB' && /(?:ed|en)$/.test(next.lower);
    // "total project cost": a describing word before a noun describes it, though it names a value too.
    const adjective = token.pos === 'ADJ' && (!ends(token.lower) || next?.pos === 'NOUN');
    // ("number of bedrooms": "of" joins the words on either side.)
    const of = token.lower === 'of' || next?.lower === 'of';
    // ("patient first name": whose the value is, before what describes it.)
    const owner =
      !ends(token.lower) &&
      (owned(next?.lower ?? '') || (token.pos === 'NOUN' && next?.pos === 'ADJ' && owned(run[at + 2]?.lower ?? '')));
    const describes = next !== undefined && (of || participle || adjective || owner);
    if (next && !describes) fields.push([]);
  });
  return fields.filter((field) => field.length > 0).map((field) => field.join(' '));
}

/** "a, b and c": items as a sentence lists them. */
export const listed = (items: string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;

/** The sentence a terse note stands for, or the prompt as it is. */
export function terseRequest(prompt: string): string {
  if (prompt.length > TERSE_LIMIT) return prompt;
  const tokens = tokenize(prompt);
  const first = tokens[0];
  // What is made: the first of the opening nouns that names a made thing, with the made-thing nouns
  // right after it ("reminder email"), then tool words ("writer").
  const isMade = (t: Token | undefined) => t !== undefined && (MADE.has(t.lemma) || MADE.has(t.lower));
  // ("cleaning quote - …", "booking confirmation - …": a word in -ing before a made thing names its kind.)
  const kind = /ing$/.test(first?.lower ?? '') && isMade(tokens[1]);
  if (!first || (!kind && (first.pos === 'VERB' || VERBS.has(first.lower) || !LISTED.test(first.pos)))) return prompt;
  let made = -1;
  for (let i = 0; i < Math.min(tokens.length, 9) && inRun(tokens, i) && made < 0; i++) if (isMade(tokens[i])) made = i;
  if (made < 0) return prompt;
  while (isMade(tokens[made + 1])) made++;
  // "welcome pack email": a made thing a word further on that names no value is the thing's head.
  const further = tokens[made + 2];
  if (further && isMade(further) && !ends(tokens[made + 1]!.lower) && inRun(tokens, made + 1)) made += 2;
  // "vendor invoice matching": a job named by what it does is a sentence of its own kind.
  if (/ing$/.test(tokens[made + 1]?.lower ?? '')) return prompt;
  let end = made + 1;
  while (TOOLS.has(tokens[end]?.lower ?? '')) end++;
  let start = end;
  // ("trip log: from, to, km": a word of joining that a comma follows is an item.)
  while (SEPARATOR.test(tokens[start]?.lower ?? '') && tokens[start + 1]?.text !== ',') start++;
  const joining = /^[a-z]+$/.test(tokens[start - 1]?.lower ?? '') && start > end ? tokens[start - 1]!.lower : 'about';
  let stop = runEnd(tokens, start);
  // "parent letter school trip - student name …", "receipt for cash donations - donor's name …":
  // words before a dash say what the note is about; the values follow the dash.
  let about = '';
  // ("booking reply: guest name, date, room type: double or twin": a list before the colon is the values.)
  const commaBefore = tokens.slice(start, stop).some((t) => t.text === ',');
  if (/^[-–—:]$/.test(tokens[stop]?.text ?? '') && stop > start && !commaBefore) {
    about = ` ${joining} ${tokens
      .slice(start, stop)
      .map((t) => t.text)
      .join(' ')}`;
    start = stop + 1;
    stop = runEnd(tokens, start);
  }
  const run = tokens.slice(start, stop);
  // "amount category date, anything over 50 …": each part between commas may hold several values.
  const parts: Token[][] = [[]];
  const commas = run.some((t) => t.text === ',');
  // "donor's name address amount and the date received": "and" parts values as a comma does.
  for (const token of run)
    if (token.text === ',' || (!commas && token.lower === 'and')) parts.push([]);
    else if (/^['’]s$/.test(token.lower) && parts.at(-1)!.length > 0) {
      // "donor's name": the owner describes what follows it.
      const owner = parts.at(-1)!.pop()!;
      parts.at(-1)!.push({ ...owner, text: `${owner.text}'s`, pos: 'ADJ' });
    } else if (token.pos !== 'DET' || token.lower === 'any' || parts.at(-1)!.length > 0) parts.at(-1)!.push(token);
  const items = parts
    .filter((part) => part.length > 0)
    .flatMap((part) => {
      // ("enter date site notes", "paste job notes": the verb of giving is no value; what is pasted is a text.)
      const bidding = part.length > 1 && VERB_CLASSES.takes.has(part[0]!.lower) && !namesAThing(part, 0) ? 1 : 0;
      const pasted = bidding && /^(?:paste|copy|forward)$/.test(part[0]!.lower) ? 'pasted ' : '';
      const words = part.slice(bidding);
      // ("cake size small, medium or large": an adjective after a noun, at an item's end, is its value.)
      const value = words.at(-1)?.pos === 'ADJ' && words.at(-2)?.pos === 'NOUN' ? ` ${words.pop()!.text}` : '';
      const fields =
        words.length >= (commas ? 3 : 2) && !words.some((t) => /^(?:and|or)$/.test(t.lower))
          ? fieldsOf(words)
          : [words.map((t) => t.text).join(' ')];
      fields.push(`${fields.pop()!}${value}`);
      return [`${pasted}${fields[0]!}`, ...fields.slice(1)];
    });
  if (items.length < 2) return prompt;
  const head = tokens[made]!.lower;
  const named = tokens.slice(0, made + 1).map((t) => t.text);
  const verb = VERB_OF[head];
  const thing = verb ? named.slice(0, -1) : named;
  const given = commas ? items.join(', ') : listed(items);
  const opening = `${verb ?? 'Write'} ${/^[aeiou]/i.test(thing[0] ?? '') ? 'an' : 'a'} ${thing.join(' ')}${about}`;
  const rest = prompt.slice(offset(prompt, tokens, stop));
  const joiner = /^[,.;]/.test(rest) ? '' : ' ';
  return `${opening} ${verb === 'Calculate' ? 'from' : 'with'} ${given}${joiner}${rest}`.trim();
}

/** A word of a run of nouns: "start date" and "booking confirmation" too, though the tagger read a verb. */
const inRun = (tokens: Token[], at: number) =>
  LISTED.test(tokens[at]!.pos) || (tokens[at]!.pos === 'VERB' && /^(?:NOUN|PROPN)$/.test(tokens[at + 1]?.pos ?? ''));

/** Where a run of values ends: at a verb, a word of a sentence, or punctuation other than a comma. */
function runEnd(tokens: Token[], start: number): number {
  let stop = start;
  while (
    stop < tokens.length &&
    ((inRun(tokens, stop) && (!VERBS.has(tokens[stop]!.lower) || conceptOf(tokens[stop]!.lower))) ||
      (tokens[stop]!.pos === 'VERB' && /(?:ed|en)$/.test(tokens[stop]!.lower) && stop > start) ||
      /^(?:,|and|or|'s|’s)$/.test(tokens[stop]!.lower) ||
      // ("number of bedrooms", "date of birth": "of" between two nouns is inside a value's name.)
      (tokens[stop]!.lower === 'of' &&
        tokens[stop - 1]?.pos === 'NOUN' &&
        /^(?:NOUN|ADJ)$/.test(tokens[stop + 1]?.pos ?? '')) ||
      (tokens[stop]!.pos === 'DET' && stop > start))
  )
    stop++;
  // A comma that ends the run belongs to what follows, and so does an article ("…, a list of …").
  while (stop > start && (/^(?:,|and|or)$/.test(tokens[stop - 1]!.lower) || tokens[stop - 1]!.pos === 'DET')) stop--;
  return stop;
}

/** Where the token at `index` starts in the prompt (the prompt's end past the last token). */
function offset(prompt: string, tokens: Token[], index: number): number {
  let at = 0;
  for (let i = 0; i < index && i < tokens.length; i++)
    at = prompt.indexOf(tokens[i]!.text, at) + tokens[i]!.text.length;
  if (index >= tokens.length) return prompt.length;
  return prompt.indexOf(tokens[index]!.text, at);
}

/** Sentences are read one by one only in prompts of a paragraph or two. */
const LISTS_LIMIT = 1500;

/**
 * "Could you write a chaser to a client? Client name, contract name, and the date we sent it.": a
 * sentence that is only a list of values, after the request, lists what the job needs.
 */
export function listedValues(prompt: string): string {
  if (prompt.length > LISTS_LIMIT) return prompt;
  const sentences = prompt.split(/(?<=[.?!])\s+/);
  if (sentences.length < 2) return prompt;
  return sentences
    .map((sentence, at) => {
      // "Input is the ticket subject and description.", "The inputs are: …": what the job is given.
      const declared = /^(?:the |my |our )?inputs? (?:is|are|will be|would be)\b:?\s*|^inputs?:\s*/i.exec(sentence);
      if (at > 0 && declared) return `It needs ${sentence.slice(declared[0].length)}`;
      if (at === 0 || !/,|\band\b/.test(sentence)) return sentence;
      const tokens = tokenize(sentence);
      const firstComma = tokens.findIndex((t) => t.text === ',' || t.lower === 'and');
      const head = tokens.slice(0, firstComma < 0 ? tokens.length : firstComma);
      const listy =
        head.length > 0 &&
        head.every(
          (t) =>
            inRun(tokens, t.index) ||
            t.pos === 'DET' ||
            /^(?:their|its|his|her|your|our|my|'s|’s)$/.test(t.lower) ||
            // "Number of guests, wedding date…", "Name of the deceased", "Hours per week"
            (/^(?:of|per)$/.test(t.lower) &&
              t.index > 0 &&
              inRun(tokens, t.index + (DETERMINERS.has(tokens[t.index + 1]?.lower ?? '') ? 2 : 1))) ||
            // "Hours worked this week and hourly rate.": a participle says which of the value.
            (t.pos === 'VERB' && t.index > 0 && /(?:ed|en)$/.test(t.lower)) ||
            // "Field size in hectares, …": the unit it is given in.
            // ("Garden size in square metres": a unit of two words.)
            (t.lower === 'in' &&
              t.index > 0 &&
              [1, 2].some((k) => NOUN_CLASSES.units.has(tokens[t.index + k]?.lower ?? ''))),
        );
      // ("Every Monday morning, take the list …": a time, then what to do.)
      const after = tokens[firstComma + 1];
      const bids =
        after?.pos === 'VERB' &&
        (VERBS.has(after.lower) || VERB_CLASSES.takes.has(after.lower)) &&
        !conceptOf(after.lower);
      if (!listy || bids || VERBS.has(tokens[0]!.lower) || head.every((t) => t.pos === 'DET')) return sentence;
      // "enter name, department…": the verb of giving says what the list is, and is no value.
      const bidding = VERB_CLASSES.takes.has(tokens[0]!.lower) && head.length > 1;
      const values = bidding ? sentence.slice(tokens[0]!.text.length).trimStart() : sentence;
      return `It needs ${values[0]!.toLowerCase()}${values.slice(1)}`;
    })
    .join(' ');
}
