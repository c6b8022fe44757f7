import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { defaultAnswer } from '../test-support/fake-model-answers';
import { answerStep, SALES_PROMPT, salesPlan } from '../test-support/model-plans';
import { readPlanAnswer } from './plan-answer';
import { PLAN_SCHEMA_NAME, planAnswerSchema, planMessages } from './plan-request';

type Node = Record<string, unknown>;

/** Keywords every common structured-outputs server (OpenAI strict, Ollama, vLLM, llama.cpp) accepts. */
const ACCEPTED = new Set([
  'type',
  'description',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'maxLength',
  'minItems',
  'maxItems',
]);

/** Every subschema of `schema`, with where it is. */
function walk(schema: Node, path = '#'): Array<[string, Node]> {
  const found: Array<[string, Node]> = [[path, schema]];
  for (const [key, child] of Object.entries((schema.properties as Record<string, Node> | undefined) ?? {}))
    found.push(...walk(child, `${path}/properties/${key}`));
  if (schema.items) found.push(...walk(schema.items as Node, `${path}/items`));
  return found;
}

const types = (node: Node) => (Array.isArray(node.type) ? (node.type as string[]) : [node.type as string]);

describe('the schema the model plans under', () => {
  const schema = planAnswerSchema();

  it('is itself valid JSON Schema', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    expect(() => ajv.compile(schema)).not.toThrow();
  });

  it('keeps to strict mode: closed objects with every property required, bounded strings and arrays, no references', () => {
    for (const [path, node] of walk(schema)) {
      for (const keyword of Object.keys(node)) expect(ACCEPTED.has(keyword), `${path} uses ${keyword}`).toBe(true);
      if (types(node).includes('object')) {
        expect(node.additionalProperties, path).toBe(false);
        expect(node.required, path).toEqual(Object.keys(node.properties as Node));
      }
      if (types(node).includes('string') && !node.enum) expect(node.maxLength, path).toBeTypeOf('number');
      if (types(node).includes('array')) expect(node.maxItems, path).toBeTypeOf('number');
      if (node.enum) {
        const values = node.enum as unknown[];
        expect(values.includes(null), path).toBe(types(node).includes('null'));
      }
    }
  });

  it('names every allowed step kind, input type and format as an enum', () => {
    const step = (schema.properties as Record<string, Node>).steps!.items as Node;
    const kinds = ((step.properties as Record<string, Node>).kind!.enum as string[]).sort();
    expect(kinds).toContain('model_write');
    expect(kinds).not.toContain('bundle');
    expect((step.properties as Record<string, Node>).format!.enum).toEqual(['markdown', 'text', 'json', null]);
  });
});

describe('reading the model’s plan', () => {
  it('turns a classification into a writing step whose JSON has a label from the list', () => {
    const answer = salesPlan();
    answer.steps = [
      answerStep({
        kind: 'model_write',
        filename: 'category.json',
        format: 'json',
        instructions: 'Classify the email from {{ input.company }}.',
        labels: ['lead', 'spam'],
      }),
    ];
    const read = readPlanAnswer(JSON.stringify(answer), {});
    expect('plan' in read && read.plan.steps[0]).toMatchObject({
      kind: 'model_write',
      schema: { properties: { label: { enum: ['lead', 'spam'] } }, required: ['label', 'reason'] },
    });
  });

  it('refuses a template that does not parse, and a file name with the wrong extension', () => {
    const answer = salesPlan();
    answer.steps[0]!.instructions = 'Write to {% if input.company %}{{ input.company }}';
    answer.steps[0]!.filename = 'intro-email.json';
    const read = readPlanAnswer(JSON.stringify(answer), {});
    expect('errors' in read && read.errors).toEqual([
      'step 1 (model_write): filename "intro-email.json" must end in .md',
      expect.stringMatching(/^the instructions of step 1 \(model_write\): not a Liquid template we can fill/),
    ]);
  });

  it('refuses a writing step that would read what another writing step wrote (no model text reaches a call)', () => {
    const answer = salesPlan();
    answer.steps.push(
      answerStep({
        kind: 'model_write',
        filename: 'follow-up.md',
        format: 'markdown',
        instructions: 'Write a follow-up to this email: {{ files.intro-email }}',
      }),
    );
    const read = readPlanAnswer(JSON.stringify(answer), {});
    expect('errors' in read && read.errors).toEqual([
      expect.stringMatching(
        /^the instructions of step 2 \(model_write\) uses files.intro-email, which holds a model's text/,
      ),
    ]);
  });

  it('refuses an answer outside the schema, naming where', () => {
    const answer = { ...salesPlan(), steps: [{ ...answerStep({ kind: 'summarize' }), kind: 'browse' }] };
    const read = readPlanAnswer(JSON.stringify(answer), {});
    expect('errors' in read && read.errors[0]).toBe('steps.0.kind must be equal to one of the allowed values');
  });
});

describe('the runnable fake model’s default plan', () => {
  it('is a usable plan of the sales email prompt, with its inputs and a writing step', () => {
    const schema = { name: PLAN_SCHEMA_NAME, schema: planAnswerSchema() };
    const answer = defaultAnswer({
      path: '/v1/chat/completions',
      headers: {},
      body: {
        model: 'fake',
        messages: planMessages(SALES_PROMPT),
        response_format: { type: 'json_schema', json_schema: schema },
      },
    });
    const read = readPlanAnswer(JSON.stringify('json' in answer ? answer.json : null), {});
    expect('plan' in read).toBe(true);
    if (!('plan' in read)) return;
    expect(Object.keys(read.plan.input_schema?.properties as object)).toEqual(['name', 'company', 'what_we_sell']);
    expect(read.plan.name).toBe('Sales intro email');
    expect(read.plan.steps.map((step) => step.kind)).toEqual(['model_write', 'bundle']);
  });
});
