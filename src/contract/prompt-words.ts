/**
 * The words the rule planner reads prompts by (prompt-words.json): classes of verbs, the noun a
 * workflow doing a verb is named by, and classes of nouns and modifiers. Beside field-concepts.ts,
 * which says what a field holds; both are data, so the planner's code holds rules, not word lists.
 */
import words from './prompt-words.json' with { type: 'json' };

const set = (list: string) => new Set(list.split(' '));

type Classes<T> = { [K in keyof T]: Set<string> };
const sets = <T extends Record<string, string>>(lists: T): Classes<T> =>
  Object.fromEntries(Object.entries(lists).map(([key, list]) => [key, set(list)])) as Classes<T>;

export const VERB_CLASSES = sets(words.verbs);
export const NOUN_CLASSES = sets(words.nouns);
export const MODIFIERS = sets(words.modifiers);

/** Verbs of two or three words and the one verb each means: "put together" → "prepare". */
export const PHRASAL_VERBS: Readonly<Record<string, string>> = words.phrasal;

/** What a workflow that does the verb is called: "categorize" → "Categorization". */
export const NOUN_OF_VERB: Readonly<Record<string, string>> = words.nounOfVerb;

/** The noun a date is named by when an event's verb says when: "the date their membership expires" → expiry. */
export const EVENT_NOUNS: Readonly<Record<string, string>> = Object.fromEntries(
  words.eventNouns.split(' ').map((pair) => pair.split(':') as [string, string]),
);

/** Third-party services by the name a note gives them, each with the words (a regular expression) a prompt names it by. */
export const SERVICE_PATTERNS: Readonly<Record<string, string>> = words.services;

/** Words a text about a common category uses besides its own name, by the category's stem ("bill" → "invoice | refund"). */
export const CATEGORY_WORDS: Readonly<Record<string, string>> = words.categoryWords;

/** The words that ask to pull each kind of thing out of a text, by the kind ("dates" → "date | deadline | due date"). */
export const ENTITY_WORDS: Readonly<Record<string, string>> = words.entityWords;

/** The nouns that name each kind of draft the rules write ("email" → "email e-mail mail letter"). */
export const DRAFT_HEAD_WORDS: Readonly<Record<string, string>> = words.draftHeads;

/** Every verb that may open an imperative prompt and name the job. */
export const VERBS = new Set([...VERB_CLASSES.worksOn, ...VERB_CLASSES.opens, ...Object.keys(NOUN_OF_VERB)]);

/** Chat shorthand and contractions typed without their apostrophe, and what each stands for: "u" → "you", "theyre" → "they're". */
export const SHORTHAND: Readonly<Record<string, string>> = words.shorthand;

/** What a choice is of, by the values it offers: "Windows, macOS or Linux" → "operating system". */
export const CHOICE_NAMES = sets(words.choiceNames);

/** The nouns of the verbs that work on something: "summary", "analysis", "review". */
export const WORKED_NOUNS = new Set(
  Object.entries(NOUN_OF_VERB)
    .filter(([verb]) => VERB_CLASSES.worksOn.has(verb))
    .map(([, noun]) => noun.toLowerCase()),
);

/** ISO currency codes people write in prompts: a currency named is a constant of the plan. */
export const CURRENCIES = /^(?:eur|usd|gbp|chf|jpy|cad|aud|inr|cny|sek|nok|dkk|pln|nzd|sgd|hkd|zar|brl|mxn)$/;
