import { phraseToField } from '../fields';
import {
  CREATION_VERBS,
  FIELD_HEADS,
  FILLER,
  LIST_HEADS,
  OUTPUT_WORDS,
  STOP,
  TEMPORAL,
  TRANSFORM_VERBS,
  WEAK_HEADS,
} from '../lexicon';
import { singular } from '../../workflow/text-case';
import type { ReadState } from './state';

interface Token {
  word: string;
  start: number;
  end: number;
}

/** Finds input nouns anywhere else in the prompt ("Summarize meeting notes"). */
export function scanNouns(state: ReadState): void {
  const { prompt } = state;
  const free = prompt.free();
  const tokens = [...free.matchAll(/[a-z][a-z0-9'-]*/g)].map((m) => ({
    word: m[0].replace(/'s$/, ''),
    start: m.index,
    end: m.index + m[0].length,
  }));
  const words = tokens.map((t) => t.word);
  const token = (i: number): Token => tokens[i] ?? { word: '', start: 0, end: 0 };
  const gap = (a: number, b: number) => free.slice(token(a).end, token(b).start);
  const joined = (a: number, b: number) => /^ +$/.test(gap(a, b)) || /^'s +$/.test(gap(a, b));
  for (let i = 0; i < tokens.length; i++) {
    const { word } = token(i);
    const next = tokens[i + 1];
    const isHead =
      FIELD_HEADS.has(word) || LIST_HEADS.has(word) || FIELD_HEADS.get(singular(word)) === 'text' || word === 'number';
    if (!isHead || WEAK_HEADS.has(word) || WEAK_HEADS.has(singular(word))) continue;
    // A noun followed by another noun only qualifies it: "company name", "meeting notes digest".
    if (
      next &&
      joined(i, i + 1) &&
      (FIELD_HEADS.has(next.word) ||
        LIST_HEADS.has(next.word) ||
        OUTPUT_WORDS.has(next.word) ||
        next.word === 'number' ||
        next.word === 'address')
    )
      continue;
    let first = i;
    while (first > 0 && i - first < 2 && joined(first - 1, first) && isQualifier(token(first - 1).word)) first--;
    const before = tokens[first - 1];
    const clauseStart = first === 0 || !joined(first - 1, first);
    if (first === i && clauseStart && (TRANSFORM_VERBS[word] !== undefined || CREATION_VERBS.has(word))) continue;
    // The object of "write/generate/…" is what the workflow makes.
    if (before && isMadeBy(words, first, joined)) continue;
    const phrase = words.slice(first, i + 1).join(' ');
    const field = phraseToField(phrase, token(first).start, { allowUnknown: false });
    if (!field) continue;
    state.fields.add(field);
    prompt.mask(token(first).start, token(i).end);
  }
}

function isQualifier(word: string): boolean {
  return (
    !STOP.has(word) &&
    !FILLER.has(word) &&
    !TEMPORAL.has(word) &&
    !OUTPUT_WORDS.has(word) &&
    !CREATION_VERBS.has(word) &&
    TRANSFORM_VERBS[word] === undefined
  );
}

/** Whether the noun phrase starting at `first` is the object of a making verb ("write a cover letter"). */
function isMadeBy(words: string[], first: number, joined: (a: number, b: number) => boolean): boolean {
  // Look back over a determiner and a few describing words ("write me a short welcome email").
  for (let i = first - 1, steps = 0; i >= 0 && steps < 5 && joined(i, i + 1); i--, steps++) {
    const word = words[i] ?? '';
    if (CREATION_VERBS.has(word)) return true;
    if (STOP.has(word) && !['a', 'an', 'the', 'me', 'us', 'some', 'new'].includes(word)) return false;
  }
  return false;
}
