/**
 * What a workflow is called, read from the prompt's main verb and the phrase after it: what it makes
 * ("Offer Letter"), what it finds ("Abandoned Carts"), or what it works on and what it does to it
 * ("Support Ticket Triage"). naming.ts turns the chosen phrases into words.
 */
import { NOUN_CLASSES, NOUN_OF_VERB, VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import { deliverableOf } from './deliverables';
import { CURRENCIES, PEOPLE } from './fields';
import { nameOf, phraseName, type Recipe } from './naming';
import { UNITS, type Phrase } from './parse';
import { type Reading } from './roles';

const { naming: MAKE_VERBS, sends: SEND_VERBS, looksUp: LOOKUP_VERBS, prepares: PREPARING_VERBS } = VERB_CLASSES;
const { classify: CLASSIFY_VERBS } = VERB_CLASSES;
const { containers: CONTAINERS } = NOUN_CLASSES;

/** The phrase the workflow works on or is about: the first input, else the first phrase. */
export function subjectPhrase(reading: Reading, recipe: Recipe): Phrase | undefined {
  const worked = reading.inputs.find((input) => !input.phrase.possessive)?.phrase;
  if (recipe === 'classify' || recipe === 'summarize' || recipe === 'check') {
    const object = reading.phrases.find(
      (p) => p.before?.pos === 'VERB' || /^(?:whether|if)$/.test(p.before?.lower ?? ''),
    );
    // "check whether a customer is eligible for a refund": what is checked is the refund.
    const state = object && reading.tokens[object.end]?.pos === 'AUX';
    const topic = state
      ? reading.phrases.find((p) => p.start > object.end && p.start <= object.end + 6 && !quantity(p))
      : undefined;
    return (recipe === 'check' ? topic : undefined) ?? object ?? worked;
  }
  return worked ?? reading.phrases.find((p) => !quantity(p));
}

/** "30 days", "10%": an amount the prompt states, which names nothing. */
const quantity = (p: Phrase) => p.fixed && (UNITS.has(p.words.at(-1)!) || p.words.length === 1);

/** The workflow's name; `target` is the currency a computation converts to. */
export function workflowName(reading: Reading, recipe: Recipe, noted: Set<string>, target: string | undefined): string {
  const made =
    reading.outputs.find((p) => deliverableOf(p) !== null) ?? reading.outputs.find((p) => !CURRENCIES.test(p.head));
  // The prompt's first verb names the job, and the phrase just after it what the job is about.
  // A sending verb is noted (the service sends nothing), yet "email the team a summary" still names the summary.
  const main = reading.tokens.find(
    (t) =>
      t.pos === 'VERB' &&
      (VERBS.has(t.lemma) || VERBS.has(t.lower)) &&
      (!noted.has(t.lower) || SEND_VERBS.has(t.lemma)),
  );
  // "send the team a summary", "email the parents…": who receives it is not what is made.
  const first = main
    ? reading.phrases.find(
        (p) =>
          p.start > main.index &&
          p.start <= main.index + 5 &&
          !noted.has(p.words[0]!) &&
          !quantity(p) &&
          // "flag any day that…": a quantified object says which, not what the job is about.
          !/^(?:any|each|every|all)$/.test(reading.tokens[p.start - 1]?.lower ?? '') &&
          // "assign P1, P2 or P3 to a bug": the categories are not what is sorted.
          !reading.choices.some((c) => c.categories && c.values.some((v) => v.toLowerCase() === p.words.join(' '))) &&
          !(PEOPLE.has(p.head) && reading.phrases.some((q) => q.start === p.end || q.before?.index === p.end - 1)),
      )
    : undefined;
  // "categorize a list of expense descriptions": the list holds what the job is about.
  const object =
    first && CONTAINERS.has(first.head) && reading.tokens[first.end]?.lower === 'of'
      ? (reading.phrases.find((p) => p.start > first.end && p.start <= first.end + 3) ?? first)
      : first;
  // "extract the vendor, date and total from receipt text": a list of things found names the job by where they are found.
  const listed = recipe === 'extract' && object && /^(?:,|and)$/.test(reading.tokens[object.end]?.lower ?? '');
  const source = listed ? reading.inputs.find((input) => input.marker === 'from')?.phrase : undefined;
  // "research the person and draft a message": the research only prepares what is made.
  const next = main && reading.outputs.find((p) => p.start >= (first?.end ?? main.index + 1));
  if (main && PREPARING_VERBS.has(main.lemma) && next)
    return nameOf(recipe, undefined, next, subjectPhrase(reading, recipe), undefined);
  const sorting = recipe === 'classify' ? reading.verbs.find((v) => CLASSIFY_VERBS.has(v)) : undefined;
  const verb = sorting ?? (main && Object.hasOwn(NOUN_OF_VERB, main.lemma) ? main.lemma : undefined);
  const makes = main && (MAKE_VERBS.has(main.lemma) || SEND_VERBS.has(main.lemma)) && object ? object : made;
  const about = source ?? (verb && object && recipe !== 'check' ? object : subjectPhrase(reading, recipe));
  // "an agenda for a workshop", "a reply to a customer complaint", "a summary of the tickets": what the made thing is of.
  const of = makes
    ? reading.phrases.find(
        (p) =>
          p.before?.index === makes.end &&
          /^(?:for|to|of|about|on)$/.test(p.before.lower) &&
          !p.words.some((w) => noted.has(w)),
      )
    : undefined;
  // "find abandoned carts", "pull the daily closing prices": a lookup is named by what it finds,
  // unless it goes on to make a document ("… and make a weekly bug report").
  const found = main && LOOKUP_VERBS.has(main.lower) && object && reading.tokens[object.end]?.text !== ',';
  const document = reading.outputs.find((p) => deliverableOf(p) !== null);
  return (
    (found && document ? nameOf(recipe, undefined, document, undefined, undefined) : undefined) ||
    (found && object && phraseName(object).includes(' ') ? phraseName(object) : undefined) ||
    nameOf(recipe, verb, makes, about, target, of)
  );
}
