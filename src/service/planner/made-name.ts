/**
 * A one-word name that names nothing made ("Part", "Hand", "Discount"), read from a prompt that opens
 * with who is asking ("Part of my job is…", "Our team writes damage reports by hand…"), gives way to
 * the thing the prompt says is made or sent: "Damage Report", "Daily Log".
 */
import { NOUN_CLASSES } from '../../contract/prompt-words';
import type { Phrase, Token } from '../language/parse';
import { nameOf, type Recipe } from './naming';
import type { Reading } from './roles';

const { made: MADE } = NOUN_CLASSES;

/** "send a letter", "do a daily log", "write up a comparison": what a verb makes. */
const madeByVerb = (tokens: Token[], phrase: Phrase) => {
  const before = phrase.before;
  if (!before) return false;
  if (before.pos === 'VERB') return true;
  return before.pos === 'ADP' && tokens[before.index - 1]?.pos === 'VERB' && /^(?:up|out|together)$/.test(before.lower);
};

export function madeName(reading: Reading, name: string, recipe: Recipe): string {
  if (name.includes(' ') || MADE.has(name.toLowerCase())) return name;
  const made = reading.phrases.find(
    (phrase) =>
      MADE.has(phrase.head) &&
      !NOUN_CLASSES.vague.has(phrase.head) &&
      phrase.words.length <= 4 &&
      madeByVerb(reading.tokens, phrase),
  );
  if (!made) return name;
  // "keeps writing damage reports": the doing is no part of the thing's name.
  const words = made.words.filter((word, at) => at > 0 || !/ing$/.test(word));
  return nameOf(recipe, undefined, { ...made, words }, undefined, undefined);
}
