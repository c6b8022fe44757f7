/**
 * A plan's one-sentence description: what it takes, checks and returns, in a person's words, and
 * what the rules leave to a model, the web or another system.
 */
import type { Field } from '../workflow/field';
import type { StepSpec } from '../workflow/plan-types';
import { kindOf } from '../steps/registry';
import { humanList, SPELLINGS } from '../lib/text-case';
import { ENTITIES, type EntityKind } from './report-template';

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
