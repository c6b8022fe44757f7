/**
 * A workflow's name and one-sentence description. Names are what a person would call the job, in
 * Title Case and two to five words: "Renewal Follow-Up Email", "Support Ticket Triage".
 */
import type { Field } from '../workflow/field';
import type { StepSpec } from '../workflow/plan-types';
import { humanList, SPELLINGS, titleCase } from '../workflow/text-case';
import type { EntityKind } from './report-template';
import type { Phrase } from './parse';

export type Recipe = 'message' | 'document' | 'compute' | 'classify' | 'extract' | 'summarize' | 'check' | 'table';

/** Words that say how, not what: "a short email" is named "Email". */
const FILLER = new Set(
  'short long quick simple new brief detailed personalized personalised friendly formal polite professional nice good small big full final incoming daily weekly monthly given following'.split(' '),
);
/** Nouns naming a workflow's kind of result, which a name may end in as they are. */
const RESULT_NOUNS = /(?:email|letter|message|reply|report|summary|brief|certificate|invoice|quote|checklist|agenda|post|note|table|spreadsheet|list|plan|profile|digest|triage|check|label|outline|proposal|reminder|invitation|announcement|posting|page|review|notes|card|calendar|schedule|receipt|order|contract|policy|description|csv|statement|memo|newsletter|script|itinerary|bio)$/;

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

function cleanWords(words: string[]): string[] {
  const kept = words.filter((word) => !FILLER.has(word) && !/^\d/.test(word));
  return (kept.length > 0 ? kept : words).slice(-4);
}

const named = (words: string[]) => titleCase(words.join(' ').replace(/\bfollow up\b/g, 'follow-up'));

/** The name of a workflow from its recipe and the phrases that say what it makes or works on. */
export function nameOf(recipe: Recipe, made: Phrase | undefined, subject: Phrase | undefined, topic: string | undefined): string {
  if (recipe === 'compute' && subject) {
    const base = cleanWords(subject.words.filter((w) => !/^(?:list|set)$/.test(w)));
    const words = base.at(-1) === 'amount' || base.at(-1) === 'amounts' ? [...base.slice(0, -1), 'totals'] : [...base, 'totals'];
    return named(topic ? [...words, 'in', topic] : words).replace(/\bIn\b/, 'in');
  }
  if ((recipe === 'message' || recipe === 'document' || recipe === 'table') && made) {
    const words = cleanWords(made.words);
    if (words.length === 1 && subject && !subject.words.includes(words[0]!))
      return named([...cleanWords(subject.words).slice(-2), ...words]);
    if (topic && words.length < 3 && !words.includes(topic)) return named([topic, ...words]);
    return named(words);
  }
  if (subject) {
    const words = cleanWords(subject.words);
    if (recipe === 'extract' && made) return named(cleanWords(made.words));
    if (recipe === 'summarize' && RESULT_NOUNS.test(words.at(-1) ?? '') && words.at(-1) !== 'notes') return named([...words, 'summary']);
    return `${named(words)} ${SUFFIX[recipe]}`.trim();
  }
  if (made) return named(cleanWords(made.words));
  return `${SUFFIX[recipe] || 'Report'} Workflow`;
}

const OUTPUT_PHRASES: Partial<Record<StepSpec['kind'], string>> = {
  summarize: 'a summary',
  csv_table: 'a CSV table',
  render_html: 'an HTML page',
  pdf_document: 'a PDF',
  plain_text: 'a plain-text copy',
  json_output: 'a JSON file',
};

const ENTITY_PHRASES: Record<EntityKind, string> = {
  emails: 'email addresses',
  urls: 'links',
  dates: 'dates',
  numbers: 'numbers',
  action_items: 'action items',
};

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
    const report = shape.document ?? (step.kind === 'markdown_report' && step.filename.endsWith('.csv') ? 'a CSV file' : 'a Markdown report');
    if (step.kind === 'markdown_report' && !outputs.includes(report)) outputs.push(report);
    else {
      const phrase = OUTPUT_PHRASES[step.kind];
      if (phrase && !outputs.includes(phrase)) outputs.push(phrase);
    }
  }
  // Last, so the "and" inside it reads as part of the list.
  if (steps.some((step) => step.kind === 'extract_entities'))
    outputs.push(`the ${humanList(entityKinds.map((k) => ENTITY_PHRASES[k]))} it finds (JSON)`);
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
