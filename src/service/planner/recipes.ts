/**
 * The recipe a prompt asks for, chosen from its verbs and what it names to make, and the world
 * value a conversion needs.
 */
import { ENTITY_WORDS, VERB_CLASSES } from '../../contract/prompt-words';
import { makeField, type Field } from '../workflow/field';
import { reckonsWhether } from '../language/verbs';
import type { Recipe } from './naming';
import type { EntityKind } from '../drafting/report-template';
import type { Reading } from './roles';

const { classify: CLASSIFY, compute: COMPUTE, summarize: SUMMARIZE, extract: EXTRACT, check: CHECK } = VERB_CLASSES;

/** What the extract step can find, by the words that ask for it. */
const ENTITY_KINDS = Object.entries(ENTITY_WORDS).map(
  ([kind, list]) => [new Set(list.split(' | ')), kind as EntityKind] as const,
);

/** The kinds of thing the prompt asks to pull out of a text. */
export function entityKindsOf(reading: Reading): EntityKind[] {
  const kinds: EntityKind[] = [];
  for (const phrase of reading.outputs) {
    const singular = [...phrase.words.slice(0, -1), phrase.head];
    const words = [singular.slice(-2).join(' '), phrase.head];
    const found = ENTITY_KINDS.find(([asking]) => words.some((w) => asking.has(w)));
    if (found && !kinds.includes(found[1])) kinds.push(found[1]);
  }
  return kinds;
}

/** The recipe: the first verb that names one wins, in the order people's prompts put weight on. */
export function chooseRecipe(
  reading: Reading,
  fields: Field[],
  wantsTable: boolean,
  entityKinds: EntityKind[],
  guarded: boolean,
): Recipe {
  const verbs = reading.verbs;
  const has = (verbClass: Set<string>) => verbs.some((verb) => verbClass.has(verb));
  const text = fields.some((f) => f.kind === 'text');
  if (has(CLASSIFY) || reading.choices.some((c) => c.categories)) return 'classify';
  if (
    (has(COMPUTE) || reading.tokens.some((t) => t.lower === 'converted')) &&
    !reckonsWhether(reading.whetherAsker) &&
    fields.some((f) => f.kind === 'list' || f.kind === 'number' || f.kind === 'rows')
  )
    return 'compute';
  if (has(SUMMARIZE)) return 'summarize';
  if (entityKinds.length > 0 && (text || has(EXTRACT))) return 'extract';
  // "tell me whether a visitor needs a visa", "work out whether an applicant meets…": a yes-or-no answer is a check.
  if (guarded || has(CHECK) || reading.whetherAsker) return 'check';
  if (wantsTable && fields.some((f) => f.kind === 'list' || f.kind === 'rows')) return 'table';
  return 'document';
}

/** The world value a conversion needs ("EUR exchange rate"), asked for as an input. */
export function rateField(target: string, position: number): Field {
  const code = target.toUpperCase();
  return makeField(`${target.toLowerCase()}_exchange_rate`, 'number', 'rate', position, {
    title: `${code} exchange rate`,
    description: `How many ${code} one unit of the given currency is worth, e.g. 0.92.`,
    minimum: 0,
  });
}
