/**
 * "Send an invocie remidner to the custmer": a word that is no English word (Hunspell's dictionary,
 * via nspell) and is one slip of a finger from a word the planner reads prompts by is read as that
 * word. Real words are never changed ("form" stays "form", though "from" is close), nor are names
 * and codes (a capital inside a sentence, digits), nor short words.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import levenshtein from 'js-levenshtein';
import nspell from 'nspell';
import { conceptWords } from '../../contract/field-concepts';
import { DRAFT_HEAD_WORDS, MODIFIERS, NOUN_CLASSES, VERB_CLASSES, VERBS } from '../../contract/prompt-words';

/** A prompt has few typos; past this many unknown words it is a paste of names or codes, read as it is. */
const MAX_UNKNOWN = 40;
/** Longer runs of letters are pastes or codes, not words with a slip in them. */
const LONGEST = 16;

/**
 * Hunspell's English dictionary, read beside the package's entry: its entry reads the files with a
 * top-level await, which a worker thread started with the tsx loader cannot load.
 */
function englishDictionary(): ReturnType<typeof nspell> {
  const entry = createRequire(import.meta.url).resolve('dictionary-en');
  return nspell(readFileSync(join(dirname(entry), 'index.aff')), readFileSync(join(dirname(entry), 'index.dic')));
}

/** The planner's own words, by their first letter: verbs, nouns and field concepts, and their plurals. */
function vocabulary(): { words: Set<string>; byLetter: Map<string, string[]> } {
  const words = new Set<string>([
    ...VERBS,
    ...Object.values(VERB_CLASSES).flatMap((set) => [...set]),
    ...Object.values(NOUN_CLASSES).flatMap((set) => [...set]),
    ...MODIFIERS.style,
    ...conceptWords(),
    ...Object.values(DRAFT_HEAD_WORDS).flatMap((heads) => heads.split(' ')),
  ]);
  for (const word of [...words]) if (!word.endsWith('s')) words.add(`${word}s`);
  const byLetter = new Map<string, string[]>();
  for (const word of words)
    if (/^[a-z]{4,}$/.test(word)) byLetter.set(word[0]!, [...(byLetter.get(word[0]!) ?? []), word]);
  return { words, byLetter };
}

/** Loaded on the first plan of a process (about 200 ms), then kept. */
let lexicon: { english: ReturnType<typeof nspell>; ours: ReturnType<typeof vocabulary> } | undefined;

/** Whether two words differ only by two neighbouring letters swapped: "calcualte", "calculate". */
function swapped(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let k = 0;
  while (k < a.length && a[k] === b[k]) k++;
  return k < a.length - 1 && a[k] === b[k + 1] && a[k + 1] === b[k] && a.slice(k + 2) === b.slice(k + 2);
}

/** Whether a word is one slip of a finger from another: a letter left out, added, wrong or swapped. */
export const oneSlip = (word: string, meant: string) =>
  Math.abs(meant.length - word.length) <= 1 && (levenshtein(meant, word) <= 1 || swapped(meant, word));

/**
 * "summarise", "favourite", "catalogue", "orthopaedics", "counselling", "licence", "programme": British
 * spellings the US dictionary does not hold.
 */
const american = (word: string) =>
  word
    .replace(/([iy])s(e|es|ed|ing|er|ers|ation|ations)$/, '$1z$2')
    .replace(/our(?=(?:s|ed|ing|ite|ites|ful|able|hood)?$)/, 'or')
    .replace(/tre(s?)$/, 'ter$1')
    .replace(/ogue/, 'og')
    .replace(/ll(ed|ing|ers?|ors?)$/, 'l$1')
    .replace(/ence(s?)$/, 'ense$1')
    .replace(/ice(s?)$/, 'ise$1')
    .replace(/mme(s?)$/, 'm$1')
    .replace(/([^aeiou])ae/g, '$1e');

/** The vocabulary word a misspelt word is meant as, if exactly one is a slip away. */
function meant(word: string, byLetter: Map<string, string[]>): string | undefined {
  const candidates = (byLetter.get(word[0]!) ?? []).filter((w) => oneSlip(word, w));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * "recieved", "diffrence": an English word one slip away (two letters swapped, one left out), when
 * exactly one is; a name or a code that is no word stays as it is.
 */
function english1(word: string, checker: ReturnType<typeof nspell>): string | undefined {
  const unique = (found: Set<string>) => (found.size === 1 ? [...found][0] : undefined);
  const swaps = new Set<string>();
  for (let i = 0; i < word.length - 1; i++) {
    const swap = word.slice(0, i) + word[i + 1]! + word[i]! + word.slice(i + 2);
    if (checker.correct(swap)) swaps.add(swap);
  }
  // Two letters swapped is the commonest slip ("recieved"); then one letter left out, added or wrong.
  if (swaps.size > 0) return unique(swaps);
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const dropped = word.slice(0, i) + word.slice(i + 1);
    if (i < word.length && checker.correct(dropped)) edits.add(dropped);
    for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
      const added = word.slice(0, i) + letter + word.slice(i);
      const changed = word.slice(0, i) + letter + word.slice(i + 1);
      if (checker.correct(added)) edits.add(added);
      if (i < word.length && letter !== word[i] && checker.correct(changed)) edits.add(changed);
    }
  }
  // "renewel" is "renewal" or "renewed", "insurence" "insurance" or "insurgence": a vowel written
  // for another is how people misspell by ear, so that reading wins when it is the only one.
  const byEar = [...edits].filter((edit) => vowelFor(word, edit));
  // "acess", "adress", "comittee": a doubled letter written once is the other common slip.
  const doubled = [...edits].filter((edit) => doubles(word, edit));
  return unique(edits) ?? (doubled.length === 1 ? doubled[0] : byEar.length === 1 ? byEar[0] : undefined);
}

/** Where two words first differ: the shorter one's length when it is the other's start. */
function firstDifference(word: string, edit: string): number {
  const at = [...word].findIndex((letter, i) => letter !== edit[i]);
  return at < 0 ? word.length : at;
}

/** Whether `edit` is `word` with one of its letters written twice. */
function doubles(word: string, edit: string): boolean {
  const k = firstDifference(word, edit);
  return edit[k] === edit[k - 1] && edit.slice(0, k) + edit.slice(k + 1) === word;
}

/** Whether two words of one length differ in one letter, a vowel in both. */
function vowelFor(word: string, edit: string): boolean {
  const at = firstDifference(word, edit);
  return word.length === edit.length && /[aeiou]/.test(word[at] ?? '') && /[aeiou]/.test(edit[at] ?? '');
}

/** "callout", "handover", "pickup": a noun made of a verb the dictionary knows and its particle, written as one. */
function compound(word: string, checker: ReturnType<typeof nspell>): boolean {
  const particle = /(?:out|up|over|off|in|down|back|away|through)$/.exec(word)?.[0];
  const verb = particle && word.slice(0, -particle.length);
  return verb !== undefined && verb.length >= 3 && checker.correct(verb);
}

/** The prompt with its misspelt words read as the words they are meant as: the planner's own first. */
function loaded(): NonNullable<typeof lexicon> {
  lexicon ??= { english: englishDictionary(), ours: vocabulary() };
  return lexicon;
}

/** Whether a word is English as it stands: "concert" is no slip for "convert". */
export function isEnglish(word: string): boolean {
  const { english } = loaded();
  return english.correct(word) || english.correct(american(word));
}

export function respelt(prompt: string): string {
  const { english: checker, ours } = loaded();
  let unknown = 0;
  return prompt.replace(
    /(^|[.!?]\s+|[\s(,:;"'])([A-Za-z]{5,})(?![\p{L}\p{N}'’-])/gu,
    (all, lead: string, word: string) => {
      const starts = lead === '' || /[.!?]/.test(lead);
      // A capital inside a sentence is a name ("Xero", "HubSpot"), whatever it looks like.
      if (!starts && /[A-Z]/.test(word)) return all;
      const lower = word.toLowerCase();
      if (unknown > MAX_UNKNOWN || ours.words.has(lower) || lower.length > LONGEST) return all;
      // A plural of a word ("groundworks") and a British spelling ("orthopaedics") are no slips.
      const singular = /ss$/.test(lower) ? lower : lower.replace(/e?s$/, '');
      // "funder", "dependants": one who does a thing the dictionary knows is a word too.
      const doer = lower.replace(/(?:er|or|ant)s?$/, '');
      const forms = [lower, american(lower), word, singular, american(singular)];
      if (doer !== lower) forms.push(doer, `${doer}e`);
      if (forms.some((w) => checker.correct(w)) || compound(singular, checker)) return all;
      unknown++;
      // Checking a word costs the dictionary a pass per slip tried, so longer runs were left above.
      const fixed = meant(lower, ours.byLetter) ?? english1(lower, checker);
      if (!fixed) return all;
      return lead + (/^[A-Z]/.test(word) ? fixed[0]!.toUpperCase() + fixed.slice(1) : fixed);
    },
  );
}
