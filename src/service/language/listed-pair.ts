import { conceptOf } from '../../contract/field-concepts';
import type { Phrase, Token } from './parse';
import { DETERMINERS } from './retag';

/**
 * "sq footage, # of rooms, interior or exterior, …", "start date, in-person or online": in a list of
 * inputs, the items before a choice of two one-word values are things to give, not more values, when
 * one of them ends a phrase ("number of rooms") or names a thing in several words ("start date").
 * Values of one choice are alike: "billing, tech or sales", "formal, friendly or casual".
 * Given values read leftward from the "or" at `or` to the token after `from`, returns how many
 * leading values are items of the list (0 when none are).
 */
export function itemsBeforePair(tokens: Token[], values: readonly string[], or: number, from: number): number {
  if (values.length < 3 || values.slice(-2).some((v) => v.includes(' ')) || tokens[or - 2]?.text !== ',') return 0;
  // ("# of rooms, interior or exterior, …": the first value read ends a phrase "of" joins, and the
  // list goes on after the pair; "a tip of 10, 15 or 20", "one of friendly, expert or playful" are choices.)
  const phraseEnd =
    tokens[from]?.lower === 'of' &&
    /^(?:NOUN|SYM)$/.test(tokens[from - 1]?.pos ?? '') &&
    tokens[from - 1]?.lower !== 'one' &&
    tokens[or + 2]?.text === ',' &&
    !/^\d/.test(values[0]!);
  // The earlier values' words, item by item between the commas.
  const items: Token[][] = [[]];
  for (const token of tokens.slice(from + 1, or - 2))
    if (token.text === ',') items.push([]);
    else if (!/^(?:a|an|the)$/.test(token.lower)) items.at(-1)!.push(token);
  // ("by phone, video or visit": a means with its preposition is one value.)
  const multi = items.filter((words) => words.length > 1 && words[0]!.pos !== 'ADP' && words.at(-1)!.pos === 'NOUN');
  // ("double room, twin room, single or suite": values that share their noun are kinds of one thing.)
  const shared = new Set(multi.map((words) => words.at(-1)!.lemma)).size < multi.length;
  const named = multi.length > 0 && !shared;
  return phraseEnd || named ? values.length - 2 : 0;
}

/**
 * "role, location, salary range, remote or hybrid": values the vocabulary names as fields are a list
 * of inputs before the choice, not part of it (two such values at least: "it's phone, video or
 * onsite" is one choice); so is a question ("how many cards, matt or gloss finish"), a thing with its
 * article before a bare pair ("the size, glossy or matte") and what "how often to" does ("how often to
 * water, sun or shade"). Cuts them from `values` (read from the token after `from` to the "or" at
 * `or`) and returns where the choice starts.
 */
export function fieldsBeforeChoice(tokens: Token[], values: string[], or: number, from: number): number {
  const named = values.slice(0, -2).findLastIndex(namesField);
  const bare = !/^(?:a|an|the)$/.test(tokens[or + 1]?.lower ?? '');
  const articled = (value: string) =>
    bare &&
    tokens.some(
      (t, k) =>
        k > from &&
        k < or &&
        t.text === value &&
        (/^(?:the|their)$/.test(tokens[k - 1]!.lower) ||
          (tokens[k - 1]!.lower === 'to' && t.pos === 'VERB' && tokens[k - 2]?.pos === 'ADV')),
    );
  const question = values
    .slice(0, -2)
    .findLastIndex((value) => /^(?:how|what|which)\b/i.test(value) || articled(value));
  const cut = Math.max(named >= 0 && values.slice(0, named + 1).filter(namesField).length >= 2 ? named : -1, question);
  if (cut < 0) return from;
  values.splice(0, cut + 1);
  const first = values[0]!.split(' ')[0]!;
  const at = tokens.findIndex(
    (t, k) => k > from && k < or && t.text === first && /^(?:,|and)$/.test(tokens[k - 1]!.lower),
  );
  return at > 0 ? at - 1 : from;
}

/** A value that names a field the vocabulary knows ("email", "start date"), not a value to choose. */
export const namesField = (value: string) =>
  value
    .toLowerCase()
    .split(' ')
    .some((word) => (conceptOf(word)?.kind ?? 'text') !== 'text');

/** The one word at `at` as a phrase: "sided" in "single or double sided", which the tagger calls a verb. */
export const wordPhrase = (tokens: Token[], at: number): Phrase => ({
  words: [tokens[at]!.lower],
  head: tokens[at]!.lemma,
  plural: false,
  start: at,
  end: at + 1,
  before: tokens[at - 1],
  possessive: false,
  given: false,
  optional: false,
  fixed: false,
});

/**
 * Whether the one-word value before the "or" at `or` is the first of a pair, not the last of a list or
 * a bracket of values: "how many cards, matt or gloss finish", "quantity, matt or gloss finish", but
 * not "house, decaf or single origin" nor "(extension or new build)".
 */
export function pairAlone(tokens: Token[], or: number): boolean {
  const before = tokens[or - 2];
  if (before?.text !== ',') return !/^(?:NOUN|PROPN|ADJ|VERB|NUM)$/.test(before?.pos ?? '') && before?.text !== '(';
  let start = or - 3;
  // (The item is the noun phrase before the comma: "how many cards", "the quantity", not "for a pallet".)
  while (start > 0 && !/^(?:PUNCT|ADP|VERB|AUX|PRON|CCONJ)$/.test(tokens[start - 1]!.pos)) start--;
  const item = tokens.slice(start, or - 2).filter((t) => !DETERMINERS.has(t.lower));
  return item.length > 1 || namesField(item.map((t) => t.lower).join(' '));
}

/**
 * "trader name, pitch size small or large", "room type single or double": adjectives right after the noun
 * they are values of, the last after the "or" at `or`. Puts them in `values` and returns where the noun
 * is, or undefined when the words are not so.
 */
export function valuesAfterNoun(tokens: Token[], values: string[], or: number): number | undefined {
  let noun = or - 1;
  while (tokens[noun]?.pos === 'ADJ' || (tokens[noun]?.text === ',' && tokens[noun - 1]?.pos === 'ADJ')) noun--;
  const glued = tokens[noun]?.pos === 'NOUN' && tokens[noun + 1]?.pos === 'ADJ' && noun < or - 1;
  if (!glued || tokens[or + 1]?.pos !== 'ADJ' || values.at(-1) !== tokens[or + 1]!.text) return undefined;
  const before = tokens.slice(noun + 1, or).filter((t) => t.pos === 'ADJ');
  values.splice(0, values.length - 1, ...before.map((t) => t.text));
  return noun;
}
