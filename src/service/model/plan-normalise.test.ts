import { describe, expect, it, vi } from 'vitest';
import { answerInput, answerStep, salesPlan } from '../test-support/model-plans';
import { readPlanAnswer } from './plan-answer';
import { answerJson } from './plan-json';
import { normalisePlanAnswer } from './plan-normalise';
import { unusablePlanReason } from './unusable-plan';

type Json = Record<string, unknown>;

const PLAN = JSON.stringify(salesPlan(), null, 2);

function read(text: string) {
  const result = readPlanAnswer(text, {});
  if ('errors' in result) throw new Error(`unusable: ${result.errors.join('; ')}`);
  return result.plan;
}

const errorsOf = (text: string) => {
  const result = readPlanAnswer(text, {});
  return 'errors' in result ? result.errors : [];
};

/** The sales plan with its one step and inputs changed as a loose model writes them. */
function loosePlan(step: Json = {}, plan: Json = {}): Json {
  return { ...salesPlan(), ...plan, steps: [{ ...salesPlan().steps[0]!, ...step }] };
}

const normalised = (answer: unknown) => normalisePlanAnswer(answer) as Json & { inputs: Json[]; steps: Json[] };

describe('finding the JSON in a model’s answer', () => {
  it.each([
    ['a ```json fence with sentences around it', `Sure! Here it is:\n\`\`\`json\n${PLAN}\n\`\`\`\nLet me know!`],
    ['a bare ``` fence', `\`\`\`\n${PLAN}\n\`\`\``],
    ['prose before and after', `Here is the plan:\n${PLAN}\nIt asks for three things.`],
    ['an unclosed <think> block', `<think>The user wants an email, so ${PLAN}`],
    ['a closed <think> block with braces in it', `<think>I need a {"name"} here.</think>\n${PLAN}`],
    ['a top-level "workflow_plan" key', JSON.stringify({ workflow_plan: salesPlan() })],
  ])('reads a plan in %s', (_, text) => {
    expect(read(text).name).toBe('Sales intro email');
  });

  it('minds braces inside strings, and stops at the first balanced object', () => {
    const text = 'Plan: {"name": "a } b {", "steps": [], "x": "\\"}"} and {"not": "this"}';
    expect(answerJson(text)).toEqual({ value: { name: 'a } b {', steps: [], x: '"}' } });
  });

  it('finds no JSON in a refusal or in an object that never closes', () => {
    expect(answerJson('I am sorry, I cannot help with that.')).toBeNull();
    expect(answerJson(PLAN.slice(0, 200))).toBeNull();
  });
});

describe('fitting a loosely written answer to the schema', () => {
  it.each([['Model Write'], ['modelWrite'], ['MODEL_WRITE'], ['model-write']])(
    'reads the step kind "%s" as model_write',
    (kind) => {
      expect(read(JSON.stringify(loosePlan({ kind }))).steps[0]).toMatchObject({ kind: 'model_write' });
    },
  );

  it('reads input types in JSON Schema’s words and in loose spellings', () => {
    const inputs = [
      { ...answerInput('a', 'A'), type: 'Short Text' },
      { ...answerInput('b', 'B'), type: 'integer' },
      { ...answerInput('c', 'C'), type: 'boolean' },
      { ...answerInput('d', 'D'), type: 'array' },
      { ...answerInput('e', 'E'), type: 'enum', choices: undefined, enum: ['low', 'high'] },
      { ...answerInput('f', 'F'), type: 'string', format: 'email' },
      { ...answerInput('g', 'G'), type: 'number' },
    ];
    const answer = normalised({ ...salesPlan(), inputs });
    expect(answer.inputs.map((input) => input.type)).toEqual([
      'short text',
      'whole number',
      'yes/no',
      'list of texts',
      'choice',
      'email',
      'number',
    ]);
    expect(answer.inputs[4]).toMatchObject({ choices: ['low', 'high'] });
    expect(answer.inputs[4]).not.toHaveProperty('enum');
    const plan = read(JSON.stringify({ ...salesPlan(), inputs: [...salesPlan().inputs, ...inputs] }));
    expect(plan.input_schema?.properties).toMatchObject({
      b: { type: 'integer' },
      c: { type: 'boolean' },
      e: { enum: ['low', 'high'] },
    });
  });

  it('fills missing nullable parameters, notes and concurrency', () => {
    const { notes: _, concurrency: __, ...rest } = salesPlan();
    const { instructions } = salesPlan().steps[0]!;
    const step = { kind: 'model_write', filename: 'intro-email.md', format: 'markdown', instructions };
    const answer = normalised({ ...rest, steps: [step] });
    expect(answer).toMatchObject({ concurrency: 'medium', notes: [] });
    expect(answer.steps[0]).toMatchObject({ labels: null, json_fields: null, sentences: null, limit: null });
    expect(read(JSON.stringify({ ...rest, steps: [step] })).concurrency).toBe('medium');
  });

  it('drops properties the plan, a step or an input does not have', () => {
    const given = {
      ...loosePlan({ id: 1, description: 'Writes it' }),
      version: 2,
      inputs: salesPlan().inputs.map((input) => ({ ...input, placeholder: 'Ada' })),
    };
    expect(read(JSON.stringify(given)).name).toBe('Sales intro email');
    const answer = normalised(given);
    expect(answer).not.toHaveProperty('version');
    expect(answer.steps[0]).not.toHaveProperty('id');
    expect(answer.steps[0]).not.toHaveProperty('description');
    expect(answer.inputs[0]).not.toHaveProperty('placeholder');
  });

  it('reads numbers and yes/no given as strings', () => {
    const plan = salesPlan();
    plan.inputs.push(answerInput('notes', 'Notes', 'long text'));
    const inputs = plan.inputs.map((input, i) => ({ ...input, required: i === 1 ? 'false' : 'true' }));
    const summary = answerStep({ kind: 'summarize', filename: 'notes.md', fields: ['notes'], sentences: '2' });
    const read_ = read(JSON.stringify({ ...plan, inputs, steps: [summary, ...plan.steps] }));
    expect(read_.steps[0]).toMatchObject({ kind: 'summarize', sentences: 2 });
    expect(read_.input_schema?.required).toEqual(['prospect_name', 'what_we_sell', 'notes']);
  });

  it('reads inputs given as a JSON Schema, under input_schema or inputs', () => {
    const schema = {
      type: 'object',
      properties: {
        prospectName: { type: 'string', title: 'Prospect name' },
        Company: { type: 'string' },
        what_we_sell: { type: 'string', description: 'What we sell.' },
        size: { type: 'string', enum: ['small', 'large'] },
      },
      required: ['prospect_name', 'COMPANY', 'budget'],
    };
    const { inputs: _, ...rest } = salesPlan();
    for (const answer of [
      { ...rest, input_schema: schema },
      { ...rest, inputs: schema },
    ]) {
      const plan = read(JSON.stringify(answer));
      expect(plan.input_schema).toMatchObject({ type: 'object', required: ['prospect_name', 'company'] });
      expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual([
        'prospect_name',
        'company',
        'what_we_sell',
        'size',
      ]);
      expect(plan.input_schema?.properties).toMatchObject({ size: { enum: ['small', 'large'] } });
    }
  });

  it('leaves the answer it was given as it was', () => {
    const answer = loosePlan({ kind: 'Model Write', id: 1 });
    const before = JSON.stringify(answer);
    normalisePlanAnswer(answer);
    expect(JSON.stringify(answer)).toBe(before);
  });
});

describe('what is wrong, not misspelled, is still sent back', () => {
  it('rejects a step that reads an input the plan does not have, however loosely written', () => {
    const step = { kind: 'Model Write', instructions: 'Write to {{ input.budget }}.' };
    const errors = errorsOf(`\`\`\`json\n${JSON.stringify(loosePlan(step))}\n\`\`\``);
    expect(errors).toContain(
      'the instructions of step 1 (model_write) uses input.budget, which is not one of the inputs',
    );
  });

  it('rejects a template that does not compile and a loop over the input inside a loop over it', () => {
    expect(errorsOf(JSON.stringify(loosePlan({ instructions: 'Hi {% if %}' })))[0]).toMatch(
      /not a Liquid template we can fill/,
    );
    const looping = loosePlan(
      { instructions: '{% for a in input.names %}{% for b in input.names %}{{ a }}{{ b }}{% endfor %}{% endfor %}' },
      { inputs: [answerInput('names', 'Names', 'list of texts')] },
    );
    expect(errorsOf(`Here it is: ${JSON.stringify(looping)}`).join(' ')).toMatch(
      /loops over input\.names inside a loop/,
    );
  });

  it('rejects a kind that no spelling makes one of the registry’s', () => {
    expect(errorsOf(`\`\`\`json\n${JSON.stringify(loosePlan({ kind: 'Send Email' }))}\n\`\`\``)[0]).toMatch(
      /^steps\.0\.kind must be equal to one of the allowed values/,
    );
  });
});

describe('the note when the model’s plan is unusable', () => {
  it('is a sentence for a person, with the check’s words logged (redacted) for the operator only', () => {
    const warn = vi.fn();
    const errors = ["steps.0 must have required property 'labels'", 'key sk-proj-Qm47RtY2uVwX9zA1bC3dE5fG7hJ8kL0n'];
    const why = unusablePlanReason('fake-llm', errors, { warn });
    expect(why).toBe(
      'the plan the model fake-llm gave did not fit the workflow format, even when asked to correct it.',
    );
    expect(why).not.toMatch(/steps\.0|required property/);
    const logged = JSON.stringify(warn.mock.calls[0]);
    expect(logged).toContain("steps.0 must have required property 'labels'");
    expect(logged).not.toContain('Qm47RtY2');
    expect(unusablePlanReason('fake-llm', ['the answer is not JSON'])).toBe(
      'the model fake-llm did not answer with a plan the service could read, even when asked again.',
    );
  });
});
