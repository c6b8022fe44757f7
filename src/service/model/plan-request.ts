import type { ChatMessage } from './model-client';
import { stepAnswerSchema, stepKindLines } from './step-schema';

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
  'time of day',
  'choice',
  'list of texts',
  'list of emails',
  'list of websites',
] as const;
export type InputType = (typeof INPUT_TYPES)[number];

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
  notes: 5,
  note: 300,
} as const;

type Schema = Record<string, unknown>;

const text = (maxLength: number, description: string): Schema => ({ type: 'string', maxLength, description });
const oneOf = (values: readonly string[], description: string): Schema => ({
  type: 'string',
  enum: [...values],
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
    choices: {
      type: ['array', 'null'],
      items: { type: 'string', maxLength: L.choice },
      maxItems: L.choices,
      description: 'The allowed values when type is "choice"; null otherwise.',
    },
  });
  const step = stepAnswerSchema();
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
${stepKindLines()}

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
