import type { ChatMessage } from './model-client';

/** The name of the structured answer asked for: servers show it, and the fake model recognises a planning request by it. */
export const PLAN_SCHEMA_NAME = 'workflow_plan';

/** Only the start of a very long prompt is sent, as the rule-based planner reads only its start too. */
const PROMPT_LIMIT = 4000;

/** The kinds of input a plan may ask for, in a person's words; each maps to a field kind of the rule-based planner. */
export const INPUT_TYPES = [
  'short text',
  'long text',
  'number',
  'whole number',
  'yes/no',
  'email',
  'website',
  'date',
  'date and time',
  'choice',
  'list of texts',
  'list of emails',
  'list of websites',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

/** The step kinds a model's plan may use: every runnable kind except `bundle`, which is added at the end. */
export const STEP_KINDS = [
  'model_write',
  'markdown_report',
  'summarize',
  'extract_entities',
  'csv_table',
  'render_html',
  'pdf_document',
  'plain_text',
  'json_output',
  'approval',
  'guard',
] as const;
export type StepKindAnswer = (typeof STEP_KINDS)[number];

export const WRITE_FORMATS = ['markdown', 'text', 'json'] as const;
export const GUARD_RULES = [
  'required',
  'not_contains',
  'minimum',
  'maximum',
  'exclusive_minimum',
  'exclusive_maximum',
] as const;
export const JSON_FIELD_TYPES = ['text', 'number', 'yes/no', 'list of texts'] as const;
export const NOTE_KINDS = ['schedule', 'trigger', 'integration', 'browsing', 'output'] as const;
export const CONCURRENCIES = ['low', 'medium', 'high'] as const;

export const PLAN_LIMITS = {
  name: 80,
  description: 500,
  key: 40,
  title: 80,
  fieldDescription: 300,
  choice: 80,
  choices: 20,
  inputs: 25,
  steps: 12,
  filename: 60,
  instructions: 4000,
  template: 4000,
  message: 500,
  names: 25,
  value: 200,
  labels: 20,
  jsonFields: 20,
  notes: 5,
  note: 300,
} as const;

type Schema = Record<string, unknown>;

const text = (maxLength: number, description: string): Schema => ({ type: 'string', maxLength, description });
const maybeText = (maxLength: number, description: string): Schema => ({
  type: ['string', 'null'],
  maxLength,
  description,
});
const oneOf = (values: readonly string[], description: string): Schema => ({
  type: 'string',
  enum: [...values],
  description,
});
const maybeOneOf = (values: readonly string[], description: string): Schema => ({
  type: ['string', 'null'],
  enum: [...values, null],
  description,
});
const maybeNames = (maxItems: number, maxLength: number, description: string): Schema => ({
  type: ['array', 'null'],
  items: { type: 'string', maxLength },
  maxItems,
  description,
});

/**
 * An object in the strict structured-outputs form: every property required (optional ones are
 * nullable) and no others, which OpenAI's strict mode demands and Ollama, vLLM and llama.cpp accept.
 */
function object(properties: Record<string, Schema>, description?: string): Schema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

const L = PLAN_LIMITS;

/**
 * The JSON Schema of the whole plan the model is asked for. Every allowed value (input types, step
 * kinds, formats, rules) is an enum, so an answer that conforms is a plan we can run once its names
 * are checked; it keeps to keywords every common server accepts: no $ref, oneOf, pattern or format.
 */
export function planAnswerSchema(): Schema {
  const input = object({
    key: text(L.key, 'The field name in the input: lower-case words joined by underscores, e.g. company_name.'),
    title: text(L.title, 'The label a person sees on the form, e.g. "Company name".'),
    type: oneOf(INPUT_TYPES, 'What the person types in.'),
    required: { type: 'boolean', description: 'Whether every run must give it.' },
    description: text(L.fieldDescription, 'One sentence of help shown under the field.'),
    choices: maybeNames(L.choices, L.choice, 'The allowed values when type is "choice"; null otherwise.'),
  });
  const jsonField = object({
    key: text(L.key, 'The property name: lower-case words joined by underscores.'),
    type: oneOf(JSON_FIELD_TYPES, 'What the property holds.'),
    description: text(L.fieldDescription, 'What the model puts there.'),
  });
  const step = object(
    {
      kind: oneOf(STEP_KINDS, 'What the step does (see the instructions).'),
      filename: maybeText(
        L.filename,
        'The file the step writes, lower-case with hyphens and the extension its kind writes; null for approval and guard.',
      ),
      title: maybeText(L.title, 'The document title (markdown_report, pdf_document); null otherwise.'),
      instructions: maybeText(
        L.instructions,
        'model_write only: what the model writes, as a Liquid template using {{ input.key }} and {{ files.name }}.',
      ),
      format: maybeOneOf(WRITE_FORMATS, 'model_write only: what the written file holds; null otherwise.'),
      labels: maybeNames(
        L.labels,
        L.choice,
        'model_write with format json, for a classification: the labels to choose from; null otherwise.',
      ),
      json_fields: {
        type: ['array', 'null'],
        items: jsonField,
        maxItems: L.jsonFields,
        description: 'model_write with format json, for an extraction: the properties to fill; null otherwise.',
      },
      template: maybeText(
        L.template,
        'markdown_report only: the document as a Liquid template using {{ input.key }} and {{ files.name }}.',
      ),
      fields: maybeNames(L.names, L.key, 'summarize and extract_entities: the input keys of the texts to read.'),
      field: maybeText(L.key, 'csv_table (a list input, or "*") and guard: the input key it works on.'),
      sentences: { type: ['integer', 'null'], description: 'summarize: how many sentences (1 to 20).' },
      message: maybeText(
        L.message,
        'approval: what the reviewer is asked; guard: the error a run ends with when the check fails.',
      ),
      rule: maybeOneOf(GUARD_RULES, 'guard only: the check; null otherwise.'),
      value: maybeText(L.value, 'guard with rule not_contains: the text that must not appear.'),
      limit: { type: ['number', 'null'], description: 'guard with a numeric rule: the bound.' },
      findings: maybeNames(L.names, L.filename, 'json_output: the earlier files to include.'),
    },
    'One step; parameters a kind does not use are null.',
  );
  const note = object({
    kind: oneOf(NOTE_KINDS, 'What the note is about.'),
    text: text(L.note, 'One sentence for the person: what the workflow does not do and what it does instead.'),
  });
  return object({
    name: text(L.name, 'A short name a person recognises, naming the subject, e.g. "Sales intro email".'),
    description: text(L.description, 'One or two sentences: what the workflow really returns, from what.'),
    concurrency: oneOf(CONCURRENCIES, 'How many runs of a batch at once: low 1, medium 5, high 15.'),
    inputs: { type: 'array', items: input, maxItems: L.inputs, description: 'The form a person fills in to run it.' },
    steps: {
      type: 'array',
      items: step,
      minItems: 1,
      maxItems: L.steps,
      description: 'The steps, in order.',
    },
    notes: {
      type: 'array',
      items: note,
      maxItems: L.notes,
      description: 'What was asked that the workflow cannot do here (schedules, triggers, other systems, the web).',
    },
  });
}

const SYSTEM = `You design workflows for a workflow automation service. A person describes what they want; you answer with the whole plan as JSON under the given schema.

The service runs these steps, in order, each seeing the input and the files of the steps before it:
- model_write: a language model writes a file from "instructions" (a Liquid template: {{ input.key }} for inputs, {{ files.name }} for an earlier file by its name without extension). format "markdown" (.md) or "text" (.txt) for an email, a summary, a reply; "json" (.json) with "labels" for a classification or "json_fields" for an extraction. Use it whenever something must be written, judged or understood. A writing step sees only the inputs and the files made before the first writing step, never another writing step's file.
- markdown_report: fills "template" (Liquid, same variables) into a .md document with "title"; no model.
- summarize: picks "sentences" key sentences of the long text inputs in "fields"; writes a .md file.
- extract_entities: finds emails, links, dates and numbers in the text inputs in "fields"; writes a .json file.
- csv_table: a .csv table of a list input named in "field" ("*" for one row of the whole input).
- render_html, pdf_document (with "title"), plain_text: the latest markdown file as .html, .pdf or .txt.
- json_output: the input and the earlier files named in "findings" as one .json document.
- approval: waits until a person approves; "message" says what to check.
- guard: ends the run with "message" when input "field" breaks "rule" ("value" for not_contains, "limit" for numbers).

Rules: input keys are lower-case words joined by underscores and unique; every {{ input.key }} names an input of the plan; every file name is unique, lower-case with hyphens, with the extension its step writes; a step reads only files of steps before it. Ask only for inputs a person can type in. The service cannot browse the web, send messages or run on a schedule: when asked, say so in "notes" and return what it can. Keep names short and plain.`;

/** The conversation that asks the model to plan `prompt`. */
export function planMessages(prompt: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Plan a workflow for this request:\n\n${prompt.slice(0, PROMPT_LIMIT)}` },
  ];
}

/** The conversation again, with the unusable answer and what was wrong with it, for the one retry. */
export function retryMessages(first: ChatMessage[], answer: string, errors: string[]): ChatMessage[] {
  return [
    ...first,
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content: `That plan cannot be used:\n${errors.map((error) => `- ${error}`).join('\n')}\n\nAnswer with the whole plan again, corrected.`,
    },
  ];
}
