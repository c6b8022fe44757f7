import { Ajv } from 'ajv';
import type { PlanningNote } from '../../contract/openapi-document';
import { ajvClassFor } from '../../contract/ajv-dialect';
import { addInputFormats } from '../../contract/input-formats';
import { schemaDialect } from '../../contract/schema-dialect';
import { makeField, type Field } from '../workflow/field';
import { inputSchema } from '../workflow/input-schema';
import type { FieldKind, ItemKind } from '../workflow/field';
import type { JsonSchema } from '../lib/json-schema';
import type { StepSpec, WorkflowPlan } from '../workflow/plan-types';
import type { PlanCheck } from '../steps/kind';
import { kindOf } from '../steps/registry';
import { renderTemplate } from '../steps/templates/liquid';
import type { CONCURRENCIES, NOTE_KINDS } from './plan-request';
import { planAnswerSchema, type InputType } from './plan-request';
import { answerJson } from './plan-json';
import { normalisePlanAnswer } from './plan-normalise';
import { repairPlan } from './plan-repair';
import { NOT_JSON } from './unusable-plan';
import { answerExtension, writesFile, type StepAnswer } from './step-schema';
import { isBlank } from '../lib/blank';

interface InputAnswer {
  key: string;
  title: string;
  type: InputType;
  required: boolean;
  description: string;
  choices: string[] | null;
}

/** The model's answer as the schema shapes it. */
export interface PlanAnswer {
  name: string;
  description: string;
  concurrency: (typeof CONCURRENCIES)[number];
  inputs: InputAnswer[];
  steps: StepAnswer[];
  notes: Array<{ kind: (typeof NOTE_KINDS)[number]; text: string }>;
}

/** A plan the model gave, or every reason it cannot be used (sent back to the model, the first shown to a person). */
export type ReadAnswer = { plan: WorkflowPlan } | { errors: string[] };

const FIELD_KINDS: Record<InputType, { kind: FieldKind; itemKind?: ItemKind }> = {
  'short text': { kind: 'string' },
  'long text': { kind: 'text' },
  number: { kind: 'number' },
  'whole number': { kind: 'integer' },
  'yes/no': { kind: 'boolean' },
  email: { kind: 'email' },
  website: { kind: 'uri' },
  date: { kind: 'date' },
  'date and time': { kind: 'datetime' },
  'time of day': { kind: 'time' },
  choice: { kind: 'enum' },
  'list of texts': { kind: 'list', itemKind: 'string' },
  'list of emails': { kind: 'list', itemKind: 'email' },
  'list of websites': { kind: 'list', itemKind: 'uri' },
};

/** Sample values of each kind, so a template is filled once as a run would fill it. */
const SAMPLES: Record<FieldKind, unknown> = {
  string: 'Ann',
  text: 'Some text.',
  email: 'ann@example.com',
  uri: 'https://example.com',
  date: '2026-01-31',
  datetime: '2026-01-31T09:30:00Z',
  time: '09:30',
  number: 1.5,
  integer: 2,
  boolean: true,
  enum: 'a',
  list: ['a', 'b'],
  rows: [],
};

const KEY = /^[a-z][a-z0-9_]*$/;
const FILENAME = /^[a-z0-9][a-z0-9_-]*\.[a-z]+$/;

let shapeCheck: ReturnType<Ajv['compile']> | null = null;

/** Checks the answer against the schema it was asked under: a server may not enforce it, or only loosely. */
function shapeErrors(answer: unknown): string[] {
  if (!shapeCheck) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    shapeCheck = ajv.compile(planAnswerSchema());
  }
  if (shapeCheck(answer)) return [];
  return (shapeCheck.errors ?? [])
    .slice(0, 8)
    .map(
      (error) =>
        `${error.instancePath ? `${error.instancePath.slice(1).replaceAll('/', '.')} ` : ''}${error.message ?? 'is not allowed'}`,
    );
}

const findingKey = (filename: string) => filename.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '_');

/** The names a Liquid template reads from `input` and `files` (`{{ input.name }}`, `input["name"]`). */
function references(template: string, root: 'input' | 'files'): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`\\b${root}(?:\\.([\\p{L}\\p{N}_-]+)|\\[\\s*["']([^"']+)["']\\s*\\])`, 'gu');
  for (const match of template.matchAll(pattern)) found.add((match[1] ?? match[2])!);
  return [...found];
}

interface Checker {
  errors: string[];
  keys: Set<string>;
  fields: Field[];
  /** Files written by the steps checked so far, in order. */
  files: string[];
  /** The files made before the first writing step: all that writing steps see (no model text reaches a call). */
  writersSee: string[] | null;
  sampleInput: Record<string, unknown>;
}

function checkTemplate(c: Checker, where: string, template: string, visible: string[] = c.files): void {
  for (const key of references(template, 'input'))
    if (!c.keys.has(key)) c.errors.push(`${where} uses input.${key}, which is not one of the inputs`);
  const earlier = new Set(c.files.map(findingKey));
  const seen = new Set(visible.map(findingKey));
  for (const name of references(template, 'files')) {
    if (!earlier.has(name)) c.errors.push(`${where} uses files.${name}, which no earlier step writes`);
    else if (!seen.has(name))
      c.errors.push(
        `${where} uses files.${name}, which holds a model's text; a writing step sees only the inputs and the files made before the first writing step`,
      );
  }
  try {
    renderTemplate(template, { input: c.sampleInput, files: {} }, { escape: 'none', renderLimitMs: 200 });
  } catch (error) {
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    c.errors.push(`${where}: not a Liquid template we can fill (${message.slice(0, 160)})`);
  }
}

/** What a kind may ask of the check while it reads its step (see steps/kind.ts). */
function planCheck(c: Checker, where: string, filename: string): PlanCheck {
  return {
    where,
    filename,
    error: (message) => void c.errors.push(message),
    required<T>(what: string, value: T | null): value is T {
      if (!isBlank(value)) return true;
      c.errors.push(`${where} needs ${what}`);
      return false;
    },
    template(part, template, options = {}) {
      if (options.writer) c.writersSee ??= [...c.files];
      checkTemplate(c, `the ${part} of ${where}`, template, options.writer ? (c.writersSee ?? c.files) : c.files);
    },
    inputs(keys, textOnly) {
      for (const key of keys) {
        const field = c.fields.find((f) => f.key === key);
        if (!field) c.errors.push(`${where} reads the input "${key}", which is not one of the inputs`);
        else if (textOnly && !['string', 'text', 'list'].includes(field.kind))
          c.errors.push(`${where} reads the input "${key}", which is not text`);
      }
    },
    earlierFile(name) {
      if (!c.files.includes(name)) c.errors.push(`${where} includes "${name}", which no earlier step writes`);
    },
    markdownBefore() {
      if (!c.files.some((f) => f.endsWith('.md')))
        c.errors.push(`${where} needs an earlier step that writes markdown (.md)`);
    },
  };
}

/** One answered step (already repaired) as a runnable step, or null with the reasons in `c.errors`. */
function toStep(c: Checker, step: StepAnswer, index: number): StepSpec | null {
  const where = `step ${index + 1} (${step.kind})`;
  const kind = kindOf(step.kind);
  if (!kind?.model) {
    c.errors.push(`${where}: there is no such kind of step`);
    return null;
  }
  const before = c.errors.length;
  let filename = '';
  if (writesFile(kind) && !isBlank(step.filename)) {
    filename = String(step.filename).trim();
    const extension = answerExtension(kind, step);
    if (!FILENAME.test(filename))
      c.errors.push(`${where}: filename "${filename}" must be lower-case with hyphens and an extension`);
    else if (extension && !filename.endsWith(`.${extension}`))
      c.errors.push(`${where}: filename "${filename}" must end in .${extension}`);
    if (c.files.includes(filename)) c.errors.push(`${where}: another step already writes "${filename}"`);
  } else if (writesFile(kind)) c.errors.push(`${where} needs a filename`);
  const spec = kind.model.fromAnswer(step as never, planCheck(c, where, filename));
  if (filename) c.files.push(filename);
  if (spec && c.errors.length === before && !kind.spec.safeParse(spec).success)
    c.errors.push(`${where}: its parameters do not make a step of this kind`);
  return c.errors.length === before ? (spec as StepSpec) : null;
}

function toFields(c: Checker, inputs: InputAnswer[]): void {
  inputs.forEach((input, position) => {
    const key = input.key.trim();
    if (!KEY.test(key))
      c.errors.push(`input "${key}": keys are lower-case words joined by underscores, e.g. company_name`);
    if (c.keys.has(key)) {
      c.errors.push(`input "${key}" appears twice; keys must be unique`);
      return;
    }
    if (input.type === 'choice' && (input.choices ?? []).length < 2)
      c.errors.push(`input "${key}" is a choice and needs at least two choices`);
    const { kind, itemKind } = FIELD_KINDS[input.type];
    const field = makeField(key, kind, key, position, {
      title: input.title.trim() || key,
      required: input.required,
      ...(itemKind ? { itemKind } : {}),
      ...(kind === 'enum' ? { enumValues: [...new Set(input.choices ?? [])] } : {}),
      ...(kind === 'boolean' && input.description.trim() ? { description: input.description.trim() } : {}),
    });
    c.keys.add(key);
    c.fields.push(field);
    c.sampleInput[key] = kind === 'enum' ? (input.choices?.[0] ?? 'a') : SAMPLES[kind];
  });
}

/** The input schema of the fields, with the model's help texts, checked to compile in our dialect. */
function toInputSchema(c: Checker, inputs: InputAnswer[]): JsonSchema | null {
  const schema = inputSchema(c.fields);
  if (!schema) return null;
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const input of inputs) {
    const property = properties[input.key.trim()];
    if (property && input.description.trim()) property.description = input.description.trim();
  }
  try {
    const ajv = new (ajvClassFor(schemaDialect(schema)))({ allErrors: true, strict: false, validateFormats: true });
    addInputFormats(ajv);
    ajv.compile(schema);
  } catch (error) {
    c.errors.push(
      `the inputs do not make a valid form (${error instanceof Error ? error.message.slice(0, 160) : 'unknown'})`,
    );
  }
  return schema;
}

/**
 * Reads the model's answer into a plan we can run. The JSON is found in the text (fences, prose,
 * reasoning: see plan-json.ts) and fitted to the schema where it only misspells it (plan-normalise.ts);
 * what is cosmetic is repaired (names' case, extensions, repeats: see plan-repair.ts); then everything
 * the schema cannot check: every input, file and template a step refers to there, templates that
 * parse, a form that compiles.
 * The name and description the person gave are kept over the model's.
 */
export function readPlanAnswer(text: string, given: { name?: string; description?: string }): ReadAnswer {
  const json = answerJson(text);
  if (!json) return { errors: [NOT_JSON] };
  const answer = normalisePlanAnswer(json.value);
  const shape = shapeErrors(answer);
  if (shape.length > 0) return { errors: shape };
  const plan = repairPlan(answer as PlanAnswer);
  const c: Checker = { errors: [], keys: new Set(), fields: [], files: [], writersSee: null, sampleInput: {} };
  if (plan.name.trim() === '') c.errors.push('the name is empty');
  if (plan.description.trim() === '') c.errors.push('the description is empty');
  toFields(c, plan.inputs);
  const schema = toInputSchema(c, plan.inputs);
  const steps = plan.steps.map((step, index) => toStep(c, step, index));
  if (c.errors.length > 0) return { errors: c.errors };
  const notes: PlanningNote[] = plan.notes.map((note) => ({ kind: note.kind, text: note.text.trim() }));
  return {
    plan: {
      name: given.name?.trim() || plan.name.trim(),
      description: given.description?.trim() || plan.description.trim(),
      input_schema: schema,
      concurrency: plan.concurrency,
      steps: [...(steps as StepSpec[]), { kind: 'bundle' }],
      planning_notes: notes.filter((note) => note.text !== ''),
    },
  };
}
