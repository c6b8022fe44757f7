/**
 * A name read from what a prompt says is made or sent, when its opening names nothing made ("Part")
 * or it tells its story before it asks ("…I send them a confirmation"); a made thing of one word
 * takes what it is about: "Shift Confirmation", "Referral Letter".
 */
import { NOUN_CLASSES, VERB_CLASSES } from '../../contract/prompt-words';
import type { Phrase } from '../language/parse';
import { madeByVerb, tellsStory } from '../language/verbs';
import { PEOPLE } from './fields';
import { named, nameOf, type Recipe } from './naming';
import type { Reading } from './roles';

const { made: MADE, vague: VAGUE, units: UNITS, identifying: IDENTIFYING } = NOUN_CLASSES;
const MAKING = new Set([...VERB_CLASSES.naming, ...VERB_CLASSES.sends, 'ask', 'get', 'produce']);

/** A noun that says what something is about: no person, unit, vague word or identifier. */
const topical = (phrase: Phrase | undefined): phrase is Phrase =>
  phrase !== undefined &&
  !phrase.fixed &&
  ![PEOPLE, VAGUE, UNITS, IDENTIFYING].some((set) => set.has(phrase.head)) &&
  /^[a-z][a-z-]+$/.test(phrase.head);

/**
 * What a one-word made thing is about: whom it is sent to ("send speakers a thank-you"), what it is
 * of or for ("a letter acknowledging the referral"), else the nearest thing before it in its sentence.
 */
function aboutOf(reading: Reading, made: Phrase): Phrase | undefined {
  const to = made.before?.pos === 'NOUN' ? reading.phrases.find((p) => p.end === made.before!.index + 1) : undefined;
  if (to && PEOPLE.has(to.head) && to.words.length === 1) return to;
  const after = reading.phrases.find(
    (p) =>
      p.start > made.end &&
      p.start <= made.end + 3 &&
      (/^(?:of|for|about|on)$/.test(p.before?.lower ?? '') || /ing$/.test(p.before?.lower ?? '')),
  );
  if (topical(after)) return after;
  const sentenceStart = reading.tokens.findLastIndex((t, i) => i < made.start && /^[.!?;]$/.test(t.text)) + 1;
  return reading.phrases.findLast((p) => p.start >= sentenceStart && p.end <= made.start && topical(p));
}

export function madeName(reading: Reading, name: string, recipe: Recipe): string {
  const story = tellsStory(reading.tokens);
  if (!story && (name.includes(' ') || MADE.has(name.toLowerCase()))) return name;
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
  const made = candidates.find(making) ?? (story ? undefined : candidates[0]);
  if (!made) return name;
  const plain = nameOf(recipe, undefined, made, undefined, undefined);
  const about = plain.includes(' ') ? undefined : aboutOf(reading, made);
  // "Ndas Summary": a name that already ends in the thing made names what it is of.
  if (!(story && about) && name.toLowerCase().endsWith(` ${made.head}`)) return name;
  // "write grant application summaries": one of them is made each run.
  const { words } = made;
  const singular = made.plural && !NOUN_CLASSES.pluralOnly.has(words.at(-1)!);
  const one = singular ? [...words.slice(0, -1), made.head] : words;
  if (about && about.head !== made.head) return named([about.head, ...one.slice(-1)]);
  return nameOf(recipe, undefined, { ...made, words: one }, undefined, undefined);
}
