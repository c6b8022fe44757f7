/** A workflow's name: what a person would call the job, in Title Case and two to five words ("Support Ticket Triage"). */
import { CURRENCIES, NOUN_CLASSES, NOUN_OF_VERB } from '../../contract/prompt-words';
import type { Phrase } from '../language/parse';
import { named, nameWords } from '../language/title';

export type Recipe = 'message' | 'document' | 'compute' | 'classify' | 'extract' | 'summarize' | 'check' | 'table';

const { pluralOnly: PLURAL_ONLY, identifying: IDENTIFYING, peopleAlone: PEOPLE_ALONE } = NOUN_CLASSES;
/** Nouns naming a workflow's kind of result, which a name may end in as they are. */
const SUFFIX: Record<Recipe, string> = {
  message: '',
  document: 'Report',
  compute: 'Calculator',
  classify: 'Triage',
  extract: 'Extraction',
  summarize: 'Summary',
  check: 'Check',
  table: 'Table',
};

/** Words that say how much of a thing, not what: "invoice amounts", "an amount of money". */
const MEASURES = /^(?:amounts?|totals?|sums?|values?|money|of|lists?|prices?|figures?)$/;
/** "cvs" → "cv", "kpis" → "kpi": acronyms the tagger does not lemmatise. */
const ACRONYM_PLURAL = /^(?:cv|kpi|sku|faq|url|api|pdf|okr|id)s$/;

/** "a polite summary email", "a reply": a made thing that says only what kind of thing it is. */
export function kindAlone(phrase: Phrase): boolean {
  const words = nameWords(phrase.words);
  return (
    words.length <= 2 && words.every((w) => NOUN_CLASSES.made.has(w) || NOUN_CLASSES.made.has(w.replace(/s$/, '')))
  );
}

/** A phrase as a name, as it is: "Abandoned Carts", "Closing Prices". */
export const phraseName = (phrase: Phrase) => named(nameWords(phrase.words));

/** A phrase's words for a name, its head in the singular: "support tickets" → "support ticket". */
function singularWords(phrase: Phrase): string[] {
  // "a student's test" is a test: whose it is goes without saying; "this month's expenses" are expenses.
  const { owner } = phrase;
  const owned =
    owner !== undefined &&
    (phrase.words.length - owner > 1 || phrase.words.slice(0, owner).every((w) => NOUN_CLASSES.units.has(w)));
  const words = nameWords(owned ? phrase.words.slice(owner) : phrase.words);
  const last = words.at(-1)!;
  if (last !== phrase.words.at(-1)) return words;
  // "sign-ups", "follow-ups": the tagger leaves a hyphenated plural as it is.
  if (ACRONYM_PLURAL.test(last) || /^[a-z]+-[a-z]+[^s]s$/.test(last)) return [...words.slice(0, -1), last.slice(0, -1)];
  // "annual leave hours", "working days": a unit stays plural, for it measures rather than counts;
  // "tickets closed": a participle after the noun is no noun to make singular.
  const singular = phrase.plural && last.endsWith('s') && !PLURAL_ONLY.has(last) && !NOUN_CLASSES.units.has(last);
  return [...words.slice(0, -1), singular ? phrase.head : last];
}

/** A phrase's words as a name's first words, up to two, without what only identifies ("client name" → "client"). */
function qualifier(phrase: Phrase | undefined): string[] | undefined {
  if (!phrase || (PEOPLE_ALONE.has(phrase.head) && phrase.words.length === 1)) return undefined;
  // "a summary of last week's deals": the deals, not the week; "a customer's complaint email" is a
  // message, but "a project's start date" only identifies a thing and leaves its owner, "project".
  const { owner } = phrase;
  const owned = owner !== undefined && (!IDENTIFYING.has(phrase.words.at(-1)!) || phrase.words.length - owner > 1);
  if (owner !== undefined && !owned) return phrase.words.slice(0, owner).slice(-2);
  const words = singularWords(owned ? { ...phrase, words: phrase.words.slice(owner), owner: undefined } : phrase);
  const kept = words.length > 1 && IDENTIFYING.has(words.at(-1)!) ? words.slice(0, -1) : words;
  return kept.slice(-2);
}

/**
 * The name of a workflow: what it makes ("Offer Letter"), or what it works on and what it does
 * to it ("Support Ticket Routing", "Monthly Payment Calculator").
 */
export function nameOf(
  recipe: Recipe,
  verb: string | undefined,
  made: Phrase | undefined,
  subject: Phrase | undefined,
  topic: string | undefined,
  of?: Phrase,
): string {
  // "invoice amounts … converted to EUR", "an amount of money from one currency to another": what is converted, by kind.
  // "convert a temperature log from Fahrenheit to Celsius" converts no money: it is a "Temperature Log Conversion".
  const money = (subject?.words ?? []).some((w) => MEASURES.test(w) || CURRENCIES.test(w) || /^currenc/.test(w));
  if (verb === 'convert' && !topic && !money && subject) return `${named(singularWords(subject))} Conversion`;
  if ((recipe === 'compute' && topic) || verb === 'convert') {
    const kind = (subject?.words ?? [])
      .filter((w) => !MEASURES.test(w) && !CURRENCIES.test(w) && !/^currenc/.test(w))
      .at(-1);
    return named([...(kind ? [kind] : []), 'currency', 'conversion']);
  }
  const doing = verb && Object.hasOwn(NOUN_OF_VERB, verb) ? NOUN_OF_VERB[verb] : undefined;
  if (doing && subject) return `${named(singularWords(subject))} ${doing}`;
  if (made) {
    const words = nameWords(made.words);
    const owner = words.length === 1 ? qualifier(of) : undefined;
    if (owner && !owner.includes(words[0]!)) return named([...owner, ...words]);
    return named(words);
  }
  if (subject) return `${named(singularWords(subject))} ${doing ?? SUFFIX[recipe]}`.trim();
  return `${doing ?? (SUFFIX[recipe] || 'Report')} Workflow`;
}
