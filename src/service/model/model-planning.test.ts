import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type {
  ExecutionDetail,
  PlanningNote,
  WorkflowCreateResponse,
  WorkflowDetail,
} from '../../contract/openapi-document';
import type { StepSpec } from '../workflow/plan-types';
import { startFakeModel, type RecordedRequest } from '../test-support/fake-model';
import { answerStep, SALES_PROMPT, salesPlan } from '../test-support/model-plans';
import { titleLikeAnswer } from '../test-support/title-like-plan';
import { runsUrl, startRun } from '../test-support/runs';
import { useTestService } from '../test-support/use-service';
import { PLAN_SCHEMA_NAME, planAnswerSchema } from './plan-request';

const fake = await startFakeModel();
afterAll(() => fake.close());

const svc = useTestService({
  WORKFLOW_MODEL_URL: fake.url,
  WORKFLOW_MODEL: 'fake-llm',
  // Short, so a model that never answers falls back within the test.
  WORKFLOW_MODEL_TIMEOUT_MS: '400',
});

afterEach(() => {
  fake.requests.length = 0;
  fake.otherwise = { text: 'A fake answer.' };
});

async function plan(prompt: string, extra: Record<string, string> = {}) {
  const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', { body: { prompt, ...extra } });
  expect(created.status).toBe(201);
  await svc.engine.idle();
  const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
  const stored = await svc.store.workflows.byId(created.body.id);
  return { detail: detail.body, steps: JSON.parse(stored?.steps ?? '[]') as StepSpec[] };
}

const plannerNotes = (notes: PlanningNote[] | undefined) => (notes ?? []).filter((note) => note.kind === 'planner');

/** A valid chat-completions request, with nothing a compatible server could reject as unknown. */
function expectChatCompletionsRequest(request: RecordedRequest): void {
  expect(request.path).toBe('/v1/chat/completions');
  const body = request.body;
  expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model', 'response_format']);
  expect(body.model).toBe('fake-llm');
  const messages = body.messages as Array<Record<string, unknown>>;
  expect(messages.length).toBeGreaterThanOrEqual(2);
  for (const message of messages) {
    expect(Object.keys(message).sort()).toEqual(['content', 'role']);
    expect(['system', 'user', 'assistant']).toContain(message.role);
    expect(typeof message.content).toBe('string');
  }
  const format = body.response_format as Record<string, unknown>;
  expect(Object.keys(format).sort()).toEqual(['json_schema', 'type']);
  expect(format.type).toBe('json_schema');
  const jsonSchema = format.json_schema as Record<string, unknown>;
  expect(Object.keys(jsonSchema).sort()).toEqual(['name', 'schema', 'strict']);
  expect(jsonSchema.name).toBe(PLAN_SCHEMA_NAME);
  expect(jsonSchema.strict).toBe(true);
  expect((jsonSchema.schema as { type?: unknown }).type).toBe('object');
}

describe('planning with a model', () => {
  it('makes the model’s plan the workflow’s: its name, inputs and writing step', async () => {
    fake.script({ json: salesPlan() });
    const { detail, steps } = await plan(SALES_PROMPT);
    expect(detail.status).toBe('ready');
    expect(detail.name).toBe('Sales intro email');
    expect(detail.description).toMatch(/^A short sales intro email/);
    const properties = (detail.input_schema?.properties ?? {}) as Record<string, object>;
    expect(Object.keys(properties)).toEqual(['prospect_name', 'company', 'what_we_sell']);
    expect(properties.what_we_sell).toMatchObject({ title: 'What we sell', type: 'string' });
    expect(steps.map((step) => step.kind)).toEqual(['model_write', 'bundle']);
    expect(steps[0]).toMatchObject({ kind: 'model_write', filename: 'intro-email.md', format: 'markdown' });
    expect(plannerNotes(detail.planning_notes)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain(SALES_PROMPT);
  });

  it('runs the model’s plan: the run’s result holds the text the model wrote', async () => {
    fake.script({ json: salesPlan() }, { text: 'Hi Ada, Acme could sell twice as many widgets with us.' });
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: SALES_PROMPT },
    });
    await svc.engine.idle();
    const input = { prospect_name: 'Ada', company: 'Acme', what_we_sell: 'widget analytics' };
    const executionId = await startRun(svc, created.body.id, input);
    await svc.engine.idle();
    const run = await svc.call<ExecutionDetail>('GET', `${runsUrl(created.body.id)}/${executionId}`);
    expect(run.body.status).toBe('finished');
    expect(run.body.results).toEqual([
      expect.objectContaining({
        filename: 'intro-email.md',
        content: expect.stringContaining('Hi Ada, Acme could sell'),
      }),
    ]);
    expect(fake.requests).toHaveLength(2);
    expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain('Acme');
  });

  it('keeps the name and description the person gave over the model’s', async () => {
    fake.script({ json: salesPlan() });
    const { detail } = await plan(SALES_PROMPT, { name: 'Intro to Acme', description: 'Mine' });
    expect([detail.name, detail.description]).toEqual(['Intro to Acme', 'Mine']);
  });

  it('asks again with the errors when the first plan is unusable, and uses the corrected one', async () => {
    const broken = salesPlan();
    broken.steps[0]!.instructions = 'Write to {{ input.prospect }} at {{ input.company }}.';
    fake.script({ json: broken }, { json: salesPlan() });
    const { detail, steps } = await plan(SALES_PROMPT);
    expect(detail.status).toBe('ready');
    expect(steps[0]).toMatchObject({ kind: 'model_write' });
    expect(plannerNotes(detail.planning_notes)).toEqual([]);
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[2]!.content).toBe(JSON.stringify(broken));
    expect(retry[3]!.content).toContain('input.prospect, which is not one of the inputs');
  });

  it('uses the plan of a model that fills every text with a title and every choice with its first value', async () => {
    fake.script({ json: titleLikeAnswer(planAnswerSchema()) });
    const { detail, steps } = await plan(SALES_PROMPT);
    expect(detail.status).toBe('ready');
    expect(Object.keys(detail.input_schema?.properties ?? {})).toEqual(['sales_email', 'sales_email_2']);
    expect(steps.map((step) => step.kind)).toEqual(['model_write', 'model_write', 'bundle']);
    expect(steps[0]).toMatchObject({ filename: 'sales-email.md', format: 'markdown' });
    expect(plannerNotes(detail.planning_notes)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('falls back on the rules with a note when the plan is unusable twice', async () => {
    const unknownInput = salesPlan();
    unknownInput.steps[0]!.instructions = 'Write to {{ input.prospect_name }} about their budget: {{ input.budget }}.';
    fake.otherwise = { json: unknownInput };
    const { detail, steps } = await plan(SALES_PROMPT);
    expect(detail.status).toBe('ready');
    expect(steps.some((step) => step.kind === 'model_write')).toBe(false);
    expect(plannerNotes(detail.planning_notes)).toEqual([
      {
        kind: 'planner',
        text: 'The built-in rules made this plan because the plan the model fake-llm gave did not fit the workflow format, even when asked to correct it.',
      },
    ]);
    expect(fake.requests).toHaveLength(2);
    // The check's own words go back to the model with the retry, not to the tenant.
    expect(JSON.stringify(fake.requests[1]!.body.messages)).toContain(
      'uses input.budget, which is not one of the inputs',
    );
  });

  it('refuses steps that read files no earlier step writes, and repeated file names', async () => {
    const bad = salesPlan();
    bad.steps.push(
      answerStep({ kind: 'render_html', filename: 'intro-email.md' }),
      answerStep({ kind: 'json_output', filename: 'out.json', findings: ['later.json'] }),
    );
    fake.otherwise = { json: bad };
    const { detail } = await plan(SALES_PROMPT);
    const [note] = plannerNotes(detail.planning_notes);
    expect(note?.text).toContain('did not fit the workflow format');
    const retry = JSON.stringify(fake.requests[1]!.body.messages);
    expect(retry).toContain('another step already writes \\"intro-email.md\\"');
    expect(retry).toContain('later.json');
  });

  it.each([
    {
      cause: 'a 429 the model kept answering',
      answer: { status: 429, retryAfter: 0 },
      why: 'the model fake-llm is busy (429 Too Many Requests) and kept refusing.',
    },
    { cause: 'a 500', answer: { status: 500 }, why: 'the model fake-llm failed on its server (500).' },
    {
      cause: 'no answer in time',
      answer: { hang: true as const },
      why: 'the model fake-llm did not answer within 400 ms.',
    },
    {
      cause: 'an answer that is not JSON',
      answer: { malformed: true as const },
      why: 'the model fake-llm did not answer with a plan the service could read, even when asked again.',
    },
  ])(
    'falls back on the rules with a note naming the cause after $cause, never staying in planning',
    async ({ answer, why }) => {
      fake.otherwise = answer;
      const { detail, steps } = await plan(SALES_PROMPT);
      expect(detail.status).toBe('ready');
      expect(steps.at(-1)).toEqual({ kind: 'bundle' });
      expect(plannerNotes(detail.planning_notes)).toEqual([
        { kind: 'planner', text: `The built-in rules made this plan because ${why}` },
      ]);
      expect(detail.name).not.toBe('');
    },
  );

  it('plans the new prompt when the workflow is re-planned while the model thinks about the old one', async () => {
    fake.script({ hang: true }, { hang: true }, { json: salesPlan() });
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes' },
    });
    await expect.poll(() => fake.requests.length).toBe(1);
    const replanned = await svc.call('POST', `/api/v1/workflows/${created.body.id}/replan`, {
      body: { prompt: SALES_PROMPT },
    });
    expect(replanned.status).toBe(202);
    await svc.engine.idle();
    const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
    expect([detail.body.status, detail.body.name]).toEqual(['ready', 'Sales intro email']);
    expect(JSON.stringify(fake.requests.at(-1)!.body.messages)).toContain(SALES_PROMPT);
  });

  it('sends valid chat-completions requests: model, messages and a JSON Schema response format, nothing else', async () => {
    fake.script({ malformed: true }, { json: salesPlan() });
    await plan(SALES_PROMPT);
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) expectChatCompletionsRequest(request);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('says at GET /service that the model plans, and which', async () => {
    const res = await svc.call('GET', '/api/v1/service');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ planner: 'model', model: 'fake-llm' });
  });
});
