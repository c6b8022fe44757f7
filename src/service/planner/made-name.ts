/**
 * A name read from what a prompt says is made or sent, when its opening names nothing made ("Part")
 * or it tells its story before it asks ("…I send them a confirmation"); a made thing of one word
 * takes what it is about: "Shift Confirmation", "Referral Letter".
 */
import { NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from '../language/parse';
import { madeByVerb, tellsStory } from '../language/verbs';
import { kindOnly, occasionName, occasionOf } from '../language/occasion';
import { nameOf, type Recipe } from './naming';
import { named } from '../language/title';
import type { Reading } from './roles';

const { made: MADE, vague: VAGUE } = NOUN_CLASSES;
const MAKING = new Set([...VERB_CLASSES.naming, ...VERB_CLASSES.sends, 'ask', 'get', 'produce']);

export function madeName(reading: Reading, name: string, recipe: Recipe): string {
  const story = tellsStory(reading.tokens);
  const generic = kindOnly(name.toLowerCase().split(' '), true);
  if (!story && !generic && name.includes(' ')) return name;
  const candidates = reading.phrases.filter(
    (phrase) =>
      MADE.has(phrase.head) &&
      !VAGUE.has(phrase.head) &&
      phrase.words.length <= 4 &&
      madeByVerb(reading.tokens, phrase),
  );
  // "they need three quotes, and I have to write up a comparison": what is written or sent before what is needed.
  const verbOf = (phrase: Phrase) =>
    reading.tokens.slice(Math.max(0, phrase.start - 4), phrase.start + 1).findLast((t) => t.pos === 'VERB');
  const making = (phrase: Phrase) => MAKING.has(verbOf(phrase)?.lemma ?? '');
  // A story's made thing is what a verb of making or sending makes: "I'd paste the email in" makes nothing.
  const found = candidates.find(making) ?? (story ? undefined : candidates[0]);
  if (!found) return name;
  // "…need a personal letter before exam season. … writes that letter": "that" points back at it.
  const pointsBack = /^(?:that|this|these|those)$/.test(reading.tokens[found.start - 1]?.lower ?? '');
  const made = (pointsBack && reading.phrases.find((p) => p.head === found.head && p.start < found.start)) || found;
  const plain = nameOf(recipe, undefined, made, undefined, undefined);
  const about =
    !plain.includes(' ') || kindOnly(made.words) ? occasionOf(reading.tokens, reading.phrases, made, story) : undefined;
  // "Ndas Summary": a name that already ends in the thing made names what it is of.
  if (!(about && (story || generic)) && name.toLowerCase().endsWith(` ${made.head}`)) return name;
  // "write grant application summaries": one of them is made each run.
  const { words } = made;
  const singular = made.plural && !NOUN_CLASSES.pluralOnly.has(words.at(-1)!);
  const one = singular ? [...words.slice(0, -1), made.head] : words;
  if (about && about.head !== made.head) return named(occasionName(about, one));
  return nameOf(recipe, undefined, { ...made, words: one }, undefined, undefined);
}
