import { makeField, resolveField, type Field } from './fields';
import { inputSchema } from '../workflow/input-schema';
import type { PlanningNote } from '../../contract/openapi-document';
import { readDeliverables, type Deliverable } from './deliverables';
import { readPrompt, type EntityKind, type GuardDraft, type Reading } from './infer-fields';
import { COMMON_WORDS, STOP } from './lexicon';
import { describePlan, deriveName } from './naming';
import type { StepSpec, WorkflowPlan } from '../workflow/plan-types';
import { documentKindOf, plainLiteral, reportTemplate, subjectField, type DocumentKind } from './report-template';
import { clipAtWord, kebabCase, singular, snakeCase } from '../workflow/text-case';

/** A prompt the planner cannot turn into a workflow; the message says what to change. */
export class PlanningError extends Error {
  override name = 'PlanningError';
}

/** Only the start of a very long prompt is read, so planning stays fast whatever is pasted in. */
const READ_LIMIT = 4000;
const MAX_FIELDS = 25;

const INTENTS = {
  summary: /\b(?:summar(?:y|ies|i[sz]e[sd]?|i[sz]ing)|tl;?dr|digest|recap|key points|gist|condense)\b/,
  summaryVerb: /\b(?:summari[sz]e|tl;?dr|condense|recap)\b/,
  report:
    /\b(?:report|brief|briefing|overview|digest|profile|memo|write-?up|letter|reply|response|draft|newsletter|certificate|template|quote|proposal|agenda|checklist|invitation|announcement|post|article|story|poem|markdown|document|summary|bio|description|plan|itinerary|message|note|email|invoice|receipt|review)\b/,
  csv: /\b(?:csv|spreadsheet|excel|sheet|table)\b/,
  html: /\b(?:html|web ?page|landing page|web version)\b/,
  json: /\b(?:json|structured data|structured output|machine[- ]readable)\b/,
  pdf: /\b(?:pdf|printable|print-ready|for printing|(?:as|into) an? (?:\w+ )?document)\b/,
  text: /\b(?:plain[- ]text|txt|text file)\b/,
  approval:
    /\b(?:approv(?:e|al|ed|es|ing)|sign[- ]off|signs? off|human[- ](?:review|check|in[- ]the[- ]loop)|manual(?:ly)? (?:review|check)|reviewed by|needs? review|a person (?:must|should|to|has to|needs to) (?:check|review|approve|confirm)|someone (?:must|should|to|has to|needs to) (?:check|review|approve|confirm)|before (?:it is |it's |being )?(?:sent|published|final|released))\b/,
} as const;

function assertPlannable(prompt: string): void {
  if (prompt.trim() === '') {
    throw new PlanningError(
      'the prompt is empty: describe what the workflow should do, e.g. "Summarize meeting notes and list the action items"',
    );
  }
  const words = prompt.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
  const known = words.filter((word) => COMMON_WORDS.has(word) || COMMON_WORDS.has(singular(word)));
  const meaningful = known.filter((word) => !STOP.has(word));
  if (meaningful.length === 0 && (words.length < 3 || known.length / words.length < 0.4)) {
    throw new PlanningError(
      'the planner could not find anything to do in this prompt: say what to make and from what, e.g. "Write a company brief from a company name and its website"',
    );
  }
}

/** The message a guard fails with, and the condition it guards against, for the description. */
function guardTexts(guard: GuardDraft, field: Field): { message: string; violation: string } {
  const key = /^[A-Z]{2}/.test(field.title) ? field.title : field.title.toLowerCase();
  const limit = guard.limit ?? 0;
  const violation = {
    required: `${key} is missing`,
    not_contains: `"${guard.value ?? ''}" appears in ${key}`,
    minimum: limit === 0 ? `${key} is negative` : `${key} is below ${limit}`,
    maximum: limit === 0 ? `${key} is positive` : `${key} is above ${limit}`,
    exclusive_minimum: limit === 0 ? `${key} is zero or negative` : `${key} is ${limit} or less`,
    exclusive_maximum: `${key} is ${limit} or more`,
  }[guard.rule];
  const message = guard.rule === 'required' ? `${key} is required` : `${key} ${guard.expectation} (got {{value}})`;
  return { message, violation };
}

/** Finds or adds the field each guard checks; a rule about an unnamed field creates it. */
function guardSteps(reading: Reading, fields: Field[]): { steps: StepSpec[]; violations: string[]; checks: string[] } {
  const steps: StepSpec[] = [];
  const violations: string[] = [];
  const checks: string[] = [];
  for (const guard of reading.guards) {
    let field = resolveField(fields, guard.phrase);
    if (!field) {
      field = makeField(
        snakeCase(guard.phrase),
        guard.numeric ? 'number' : guard.rule === 'not_contains' ? 'text' : 'string',
        guard.phrase.split(' ').at(-1)!,
        guard.position,
      );
      fields.push(field);
    }
    if (guard.numeric && (field.kind === 'string' || field.kind === 'text')) field.kind = 'number';
    const { message, violation } = guardTexts(guard, field);
    steps.push({
      kind: 'guard',
      field: field.key,
      rule: guard.rule,
      ...(guard.value !== undefined ? { value: guard.value } : {}),
      ...(guard.limit !== undefined ? { limit: guard.limit } : {}),
      message,
    });
    violations.push(violation);
    checks.push(message.replace(/ \(got \{\{value\}\}\)$/, ''));
  }
  return { steps, violations, checks };
}

function textFields(fields: Field[]): Field[] {
  return fields.filter((field) => field.kind === 'text');
}

/** A file name for the workflow's documents: "Company Brief" → "company-brief". */
function baseName(name: string): string {
  const base = clipAtWord(kebabCase(name), 40, '-') || 'report';
  return ['summary', 'entities', 'draft'].includes(base) ? `${base}-report` : base;
}

/**
 * Designs a workflow from a prompt, by rules: fields from the nouns the prompt names, steps from the
 * outputs it asks for. Pure and deterministic: the same prompt always gives the same plan.
 */
export function planWorkflow(prompt: string, opts: { name?: string; description?: string }): WorkflowPlan {
  const text = prompt.slice(0, READ_LIMIT);
  assertPlannable(text);
  const reading = readPrompt(text);
  const intent = reading.intentText;
  // Formats and approval are never inputs, so they are read from the whole prompt; the rest only
  // from what is left once the inputs are taken out ("summary" in "a summary field" is an input).
  const whole = new Set<keyof typeof INTENTS>(['html', 'json', 'pdf', 'text', 'approval']);
  const wants = Object.fromEntries(
    Object.entries(INTENTS).map(([key, pattern]) => [
      key,
      pattern.test(whole.has(key as keyof typeof INTENTS) ? reading.prompt.lower : intent),
    ]),
  ) as Record<keyof typeof INTENTS, boolean>;
  const sentences = /\b(\d{1,2}) (?:sentences|lines|bullet points|bullets|points)\b/.exec(reading.prompt.lower);
  const fields = reading.fields.slice(0, MAX_FIELDS);
  const entityKinds: EntityKind[] = [...reading.entityKinds];

  // Summarising or extracting needs text to work on; name it when the prompt did not. A link stands
  // for the content it points to ("summarize a video from its URL"): no text the prompt never named.
  if (
    (wants.summaryVerb || entityKinds.length > 0) &&
    textFields(fields).length === 0 &&
    !fields.some((f) => f.kind === 'list' || f.kind === 'uri')
  ) {
    fields.push(makeField('text', 'text', 'text', Number.MAX_SAFE_INTEGER));
  }
  const guards = guardSteps(reading, fields);
  fields.sort((a, b) => a.position - b.position);

  // A summary asked for by name is written by the summarize step when there is text to sum up.
  const deliverables = readDeliverables(reading.prompt.lower);
  if (deliverables.some((d) => /^summar/.test(d.head)) && textFields(fields).length > 0) wants.summary = true;

  const name = opts.name?.trim() || deriveName(reading.namingText, entityKinds);
  const base = baseName(name);
  const sources = textFields(fields).map((field) => field.key);
  const lists = fields.filter((field) => field.kind === 'rows' || field.kind === 'list');
  const steps: StepSpec[] = [...guards.steps];

  const summarize = wants.summary && sources.length > 0;
  if (summarize)
    steps.push({
      kind: 'summarize',
      fields: sources,
      sentences: sentences ? Math.min(20, Math.max(1, Number(sentences[1]))) : 3,
      filename: 'summary.md',
    });
  const extract = entityKinds.length > 0 && (sources.length > 0 || lists.length > 0);
  if (extract)
    steps.push({
      kind: 'extract_entities',
      fields: sources.length > 0 ? sources : lists.map((f) => f.key),
      filename: 'entities.json',
    });
  const csv = wants.csv && fields.length > 0;
  if (csv) {
    const table = lists.find((field) => field.kind === 'rows') ?? lists[0];
    steps.push({
      kind: 'csv_table',
      field: table ? table.key : '*',
      filename: `${table ? kebabCase(table.key) : base}.csv`,
    });
  }

  const draft = fields.length > 0 ? deliverables.find((d) => d.draft !== null) : undefined;
  const explicit =
    draft !== undefined ||
    wants.summaryVerb ||
    wants.report ||
    csv ||
    wants.html ||
    wants.json ||
    wants.pdf ||
    wants.text ||
    extract ||
    wants.approval;
  const markdown =
    draft !== undefined ||
    wants.report ||
    wants.html ||
    wants.pdf ||
    wants.text ||
    wants.approval ||
    !(csv || wants.json || extract || summarize);
  const kindOfText = documentKindOf(intent);
  // A reply or a certificate reads as one; else the first draft the prompt asks for shapes the report.
  const drafting = kindOfText === 'report' ? draft : undefined;
  const documentKind: DocumentKind = drafting?.draft ?? kindOfText;
  const leftOut = unmet(reading, deliverables, summarize, drafting);
  const notes = leftOut.map((item) => item.note);
  const report = (stage?: 'draft' | 'final') =>
    reportTemplate({
      name,
      fields,
      summaryKey: summarize ? 'summary' : undefined,
      entitiesKey: extract ? 'entities' : undefined,
      entityKinds,
      stage,
      prompt: text,
      documentKind,
      deliverable: drafting,
      checks: guards.checks,
      notices: markdown ? notes.map((note) => note.text) : [],
    });
  if (markdown && wants.approval) {
    const draft = report('draft');
    const subject = subjectField(fields);
    steps.push({ kind: 'markdown_report', filename: 'draft.md', ...draft });
    steps.push({
      kind: 'approval',
      message: `Review the draft ${plainLiteral(name.toLowerCase())}${subject ? ` for {{ input.${subject.key} }}` : ''}: approve it to finish, or reject it to stop.`,
      syntax: 'liquid',
    });
    steps.push({ kind: 'markdown_report', filename: `${base}.md`, ...report('final') });
  } else if (markdown) {
    steps.push({ kind: 'markdown_report', filename: `${base}.md`, ...report() });
  }
  if (wants.html && markdown) steps.push({ kind: 'render_html', filename: `${base}.html` });
  if (wants.pdf && markdown)
    steps.push({ kind: 'pdf_document', filename: `${base}.pdf`, title: reportTitle(name, fields), syntax: 'liquid' });
  if (wants.text && markdown) steps.push({ kind: 'plain_text', filename: `${base}.txt` });
  if (wants.json || !explicit) {
    const findings = [...(summarize ? ['summary.md'] : []), ...(extract ? ['entities.json'] : [])];
    const notProduced = notes.map((note) => note.text);
    steps.push({
      kind: 'json_output',
      filename: `${base}.json`,
      findings,
      ...(notProduced.length > 0 ? { notProduced } : {}),
    });
  }
  steps.push({ kind: 'bundle' });

  return {
    name,
    description:
      opts.description?.trim() ||
      describePlan(fields, steps, guards.violations, entityKinds, {
        document: drafting ? producedPhrase(drafting) : undefined,
        leftOut: leftOut.map((item) => item.what),
      }),
    input_schema: inputSchema(fields),
    concurrency: reading.concurrency,
    steps,
    planning_notes: [...reading.notes, ...notes],
  };
}

/** What a draft workflow returns, in a person's words: "a draft of the sales intro email". */
function producedPhrase(draft: Deliverable): string {
  return draft.draft === 'checklist' ? `the ${draft.phrase}` : `a draft of the ${draft.phrase}`;
}

const NEEDS = 'that needs a language model, the web or another system, which the local service does not use';

/**
 * What the prompt asks for that the rule-based steps cannot make from the inputs (a company summary
 * from a website, a job title, an order's status), each with a note that says so and what it
 * returns instead, so nothing is dropped silently.
 */
function unmet(
  reading: Reading,
  deliverables: Deliverable[],
  summarize: boolean,
  draft: Deliverable | undefined,
): { what: string; note: PlanningNote }[] {
  const instead = draft ? producedPhrase(draft) : 'a report of the inputs it is given';
  const items: string[] = [];
  for (const made of deliverables)
    if (made.needsModel && !(summarize && /^summar/.test(made.head))) items.push(`write the ${made.phrase}`);
  for (const sought of reading.sought) items.push(sought.charAt(0).toLowerCase() + sought.slice(1));
  return items.map((what) => ({
    what,
    note: { kind: 'output', text: `Does not ${what}: ${NEEDS}. It returns ${instead} instead.` },
  }));
}

function reportTitle(name: string, fields: Field[]): string {
  const subject = subjectField(fields);
  return subject ? `${plainLiteral(name)}: {{ input.${subject.key} }}` : plainLiteral(name);
}
