import { z } from 'zod';
import type { JsonSchema } from '../../lib/json-schema';
import { StepFailure } from '../step-io';
import { humanList } from '../../lib/text-case';
import { defineKind, param, type AnswerOf } from '../kind';
import { ANSWER_LIMITS as L, specParts } from '../step-parts';

const WRITE_FORMATS = ['markdown', 'text', 'json'] as const;
const EXTENSIONS = { markdown: 'md', text: 'txt', json: 'json' } as const;
const JSON_FIELD_TYPES = ['text', 'number', 'yes/no', 'list of texts'] as const;

const spec = z.object({
  kind: z.literal('model_write'),
  filename: specParts.filename,
  /** Liquid, with `input` and earlier `files` as in markdown_report: what to write. */
  instructions: z.string(),
  /** `markdown` and `text` keep the answer as written; `json` asks for JSON under `schema` and checks it. */
  format: z.enum(WRITE_FORMATS),
  schema: z.record(z.string(), z.unknown()).optional(),
});

type JsonField = { key: string; type: (typeof JSON_FIELD_TYPES)[number]; description: string };

const parameters = {
  instructions: param.text(
    L.template,
    'what the model writes, as a Liquid template using {{ input.key }} and {{ files.name }}',
    'template',
  ),
  format: param.choice(WRITE_FORMATS, 'what the written file holds'),
  labels: param.names(20, L.choice, 'with format json, for a classification: the labels to choose from'),
  json_fields: param.objects<JsonField>(
    {
      type: 'object',
      properties: {
        key: {
          type: 'string',
          maxLength: L.key,
          description: 'The property name: lower-case words joined by underscores.',
        },
        type: { type: 'string', enum: [...JSON_FIELD_TYPES], description: 'What the property holds.' },
        description: { type: 'string', maxLength: 300, description: 'What the model puts there.' },
      },
      required: ['key', 'type', 'description'],
      additionalProperties: false,
    },
    20,
    'with format json, for an extraction: the properties to fill',
    'keys',
  ),
};

const schemaOf = (type: JsonField['type']): JsonSchema =>
  type === 'number'
    ? { type: 'number' }
    : type === 'yes/no'
      ? { type: 'boolean' }
      : type === 'list of texts'
        ? { type: 'array', items: { type: 'string', maxLength: 500 }, maxItems: 50 }
        : { type: 'string', maxLength: 2000 };

/** The JSON Schema a writing step's answer must meet: a label from a list, or the named properties. */
function writeSchema(answer: AnswerOf<typeof parameters>): JsonSchema | undefined {
  if (answer.labels?.length) {
    return {
      type: 'object',
      properties: {
        label: { type: 'string', enum: [...new Set(answer.labels)] },
        reason: { type: 'string', maxLength: 500 },
      },
      required: ['label', 'reason'],
      additionalProperties: false,
    };
  }
  if (answer.json_fields?.length) {
    return {
      type: 'object',
      properties: Object.fromEntries(
        answer.json_fields.map((f) => [f.key, { ...schemaOf(f.type), description: f.description }]),
      ),
      required: answer.json_fields.map((f) => f.key),
      additionalProperties: false,
    };
  }
  return undefined;
}

/** The labels a classification's schema allows, when it is one. */
function labelsOf(schema: JsonSchema | undefined): string[] {
  const label = (schema?.properties as Record<string, { enum?: unknown[] }> | undefined)?.label;
  return (label?.enum ?? []).filter((value): value is string => typeof value === 'string');
}

/**
 * Has the configured model write a file. The runner calls the model on its own thread (model/write-step.ts);
 * the answer goes only into the file, never into code or another call.
 */
export const modelWrite = defineKind({
  kind: 'model_write',
  spec,
  label: 'Write with the model',
  // The model's own time is the step's time.
  seconds: 0,
  extension: null,
  run() {
    throw new StepFailure('a writing step needs the model, which only the runner can call');
  },
  describe(step) {
    const labels = labelsOf(step.schema);
    if (labels.length > 0)
      return `Has the model choose ${humanList(
        labels.map((l) => `"${l}"`),
        'or',
      )} and say why (${step.filename}).`;
    if (step.format === 'json') return `Has the model fill in a JSON document (${step.filename}).`;
    return `Has the model write ${step.filename}.`;
  },
  model: {
    description:
      'a language model writes a file from "instructions" (a Liquid template: {{ input.key }} for inputs, {{ files.name }} for an earlier file by its name without extension). format "markdown" (.md) or "text" (.txt) for an email, a summary, a reply; "json" (.json) with "labels" for a classification or "json_fields" for an extraction. Use it whenever something must be written, judged or understood. A writing step sees only the inputs and the files made before the first writing step, never another writing step\'s file.',
    parameters,
    extensionOf: (answer) => (answer.format ? EXTENSIONS[answer.format] : null),
    fromAnswer(answer, check) {
      if (!check.required('instructions', answer.instructions) || !check.required('a format', answer.format))
        return null;
      check.template('instructions', answer.instructions, { writer: true });
      // Keys are repaired to snake case before this: one still unlike a key had nothing to keep.
      if (answer.json_fields?.some((field) => !/^[a-z][a-z0-9_]*$/.test(field.key)))
        check.error(`${check.where}: json_fields keys must be words, e.g. due_date`);
      const schema = answer.format === 'json' ? writeSchema(answer) : undefined;
      return {
        kind: 'model_write',
        filename: check.filename,
        instructions: answer.instructions,
        format: answer.format,
        ...(schema ? { schema } : {}),
      };
    },
  },
});
