/**
 * A workflow's name and one-sentence description. Names are what a person would call the job, in
 * Title Case and two to five words: "Renewal Follow-Up Email", "Support Ticket Triage".
 */
import { MODIFIERS, NOUN_CLASSES, NOUN_OF_VERB } from '../../contract/prompt-words';
import type { Field } from '../workflow/field';
import type { StepSpec } from '../workflow/plan-types';
import { kindOf } from '../steps/registry';
import { humanList, SPELLINGS, titleCase } from '../lib/text-case';
import { ENTITIES, type EntityKind } from './report-template';
import type { Phrase } from './parse';
import { CURRENCIES } from './fields';

export type Recipe = 'message' | 'document' | 'compute' | 'classify' | 'extract' | 'summarize' | 'check' | 'table';

/** Words that say how, not what ("a short email" is named "Email"); what a thing comes in rather than what it is. */
const FILLER = new Set([...MODIFIERS.filler, ...MODIFIERS.style]);
const { medium: MEDIUM, pluralOnly: PLURAL_ONLY, identifying: IDENTIFYING, peopleAlone: PEOPLE_ALONE } = NOUN_CLASSES;
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

const FILE_TYPES = /^(?:png|jpe?g|svg|gif|pdf|csv|json|html|xlsx?|excel|docx?|markdown|txt)$/;

function cleanWords(words: string[]): string[] {
  // "a one-paragraph summary", "a 30-day notice": a length or count says how, not what.
  // "a PNG bar chart" is a bar chart: the file type is how it comes, not what it is.
  let kept = words.filter(
    (word, at) =>
      !FILLER.has(word) &&
      !/^(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten)(?:-|$))/.test(word) &&
      !(at < words.length - 1 && FILE_TYPES.test(word)),
  );
  // "weekly KPIs": a cadence stays when the name would be one word without it.
  const cadence = words.find((word) => /^(?:daily|weekly|monthly)$/.test(word));
  if (kept.length === 1 && cadence) kept = [cadence, ...kept];
  const content = kept.length > 0 ? kept : words;
  return (content.length > 1 && MEDIUM.has(content.at(-1)!) ? content.slice(0, -1) : content).slice(-4);
}
/** Words that say how much of a thing, not what: "invoice amounts", "an amount of money". */
const MEASURES = /^(?:amounts?|totals?|sums?|values?|money|of|lists?|prices?|figures?)$/;
/** "cvs" → "cv", "kpis" → "kpi": acronyms the tagger does not lemmatise. */
const ACRONYM_PLURAL = /^(?:cv|kpi|sku|faq|url|api|pdf|okr|id)s$/;

/** A phrase as a name, as it is: "Abandoned Carts", "Closing Prices". */
export const phraseName = (phrase: Phrase) => named(cleanWords(phrase.words));

export const named = (words: string[]) => titleCase(words.join(' ').replace(/\bfollow up\b/g, 'follow-up'));

/** A phrase's words for a name, its head in the singular: "support tickets" → "support ticket". */
function singularWords(phrase: Phrase): string[] {
  // "a student's test" is a test: whose it is goes without saying.
  const owned = phrase.owner !== undefined && phrase.words.length - phrase.owner > 1;
  const words = cleanWords(owned ? phrase.words.slice(phrase.owner) : phrase.words);
  const last = words.at(-1)!;
  if (last !== phrase.words.at(-1)) return words;
  // "sign-ups", "follow-ups": the tagger leaves a hyphenated plural as it is.
  if (ACRONYM_PLURAL.test(last) || /^[a-z]+-[a-z]+[^s]s$/.test(last)) return [...words.slice(0, -1), last.slice(0, -1)];
  // "annual leave hours", "working days": a unit stays plural, for it measures rather than counts.
  const singular = phrase.plural && !PLURAL_ONLY.has(last) && !NOUN_CLASSES.units.has(last);
  return [...words.slice(0, -1), singular ? phrase.head : last];
}

/** A phrase's words as a name's first words, up to two, without what only identifies ("client name" → "client"). */
function qualifier(phrase: Phrase | undefined): string[] | undefined {
  if (!phrase || (PEOPLE_ALONE.has(phrase.head) && phrase.words.length === 1)) return undefined;
  // "a summary of last week's deals": the deals, not the week.
  const owned = phrase.owner !== undefined && !IDENTIFYING.has(phrase.words.at(-1)!);
  // "a project's start date": what only identifies a thing leaves its owner, "project".
  if (phrase.owner !== undefined && !owned) return phrase.words.slice(0, phrase.owner).slice(-2);
  const words = singularWords(owned ? { ...phrase, words: phrase.words.slice(phrase.owner) } : phrase);
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
    const words = cleanWords(made.words);
    const owner = words.length === 1 ? qualifier(of) : undefined;
    if (owner && !owner.includes(words[0]!)) return named([...owner, ...words]);
    return named(words);
  }
  if (subject) return `${named(singularWords(subject))} ${doing ?? SUFFIX[recipe]}`.trim();
  return `${doing ?? (SUFFIX[recipe] || 'Report')} Workflow`;
}

function fieldPhrase(field: Field): string {
  // Titles are in sentence case: only their first letter is lowered, so "URL" stays as it is.
  const title =
    /^[A-Z]{2}/.test(field.title) || SPELLINGS.has(field.title.split(' ')[0]?.toLowerCase() ?? '')
      ? field.title
      : field.title.charAt(0).toLowerCase() + field.title.slice(1);
  if (field.kind === 'boolean') return `${title} (yes or no)`;
  return field.kind === 'enum' ? `${title} (${humanList(field.enumValues ?? [], 'or')})` : title;
}

/** One sentence saying what the workflow takes, checks and returns. */
export function describePlan(
  fields: Field[],
  steps: StepSpec[],
  guards: string[],
  entityKinds: EntityKind[],
  shape: { document?: string; leftOut?: string[] } = {},
): string {
  const shown = fields.slice(0, fields.length > 6 ? 5 : 6).map(fieldPhrase);
  const takes =
    fields.length === 0
      ? 'Needs no input'
      : `Takes the ${humanList(fields.length > 6 ? [...shown, `${fields.length - 5} more inputs`] : shown)}`;
  const outputs: string[] = [];
  for (const step of steps) {
    // A report's phrase depends on the plan: the document it reads as, or a CSV by its file name.
    const phrase =
      step.kind === 'markdown_report'
        ? (shape.document ?? (step.filename.endsWith('.csv') ? 'a CSV file' : 'a Markdown report'))
        : kindOf(step.kind)?.returns;
    if (phrase && !outputs.includes(phrase)) outputs.push(phrase);
  }
  // Last, so the "and" inside it reads as part of the list.
  if (steps.some((step) => step.kind === 'extract_entities'))
    outputs.push(`the ${humanList(entityKinds.map((k) => ENTITIES[k].phrase))} it finds (JSON)`);
  const middle: string[] = [];
  if (guards.length > 0) middle.push(`stops with an error when ${humanList(guards, 'or')}`);
  if (steps.some((step) => step.kind === 'approval')) middle.push('waits for a person to approve the draft');
  const parts = [takes, ...middle, `returns ${humanList(outputs)}`];
  const does = `${parts.length > 2 ? `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}` : parts.join(' and ')}.`;
  const leftOut = shape.leftOut ?? [];
  return leftOut.length === 0
    ? does
    : `${does} It does not ${humanList(leftOut, 'or')}: that needs a language model, the web or another system.`;
}
