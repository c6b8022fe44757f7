// Answers real OpenAI-compatible servers give (llama, qwen, mistral, gpt-4o-mini via Ollama or vLLM) that
// are not a bare JSON document under the schema: each must give a plan (the model's, repaired) or the
// rules' with a note, never a failed workflow, and never show a tenant the server's words or the key.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ExecutionDetail, WorkflowCreateResponse, WorkflowDetail } from '../../contract/openapi-document';
import type { StepSpec } from '../workflow/plan-types';
import { answerStep, SALES_PROMPT, salesPlan } from '../test-support/model-plans';
import { runsUrl, startRun } from '../test-support/runs';
import { useTestService } from '../test-support/use-service';

const KEY = 'sk-proj-Qm47RtY2uVwX9zA1bC3dE5fG7hJ8kL0n';

/** One raw HTTP answer of the fake server: whatever a misbehaving model server sends. */
interface Raw {
  status?: number;
  headers?: Record<string, string>;
  body: string;
}

const queue: Raw[] = [];
const requests: Array<Record<string, unknown>> = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
    // The last scripted answer is repeated, as a model asked again tends to answer alike.
    const raw = queue.length > 1 ? queue.shift()! : (queue[0] ?? says('A fake answer.'));
    res.writeHead(raw.status ?? 200, { 'content-type': 'application/json', ...raw.headers });
    res.end(raw.body);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const svc = useTestService({
  WORKFLOW_MODEL_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
  WORKFLOW_MODEL: 'fake-llm',
  WORKFLOW_MODEL_KEY: KEY,
  WORKFLOW_MODEL_TIMEOUT_MS: '2000',
});

afterEach(() => {
  queue.length = 0;
  requests.length = 0;
});

function completion(message: Record<string, unknown>, finishReason = 'stop'): Raw {
  const choice = { index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason };
  const usage = { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 };
  return {
    body: JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 0, choices: [choice], usage }),
  };
}
function says(content: string, finishReason = 'stop'): Raw {
  return completion({ content }, finishReason);
}
const error = (status: number, message: string): Raw => ({
  status,
  headers: { 'retry-after': '0' },
  body: JSON.stringify({ error: { message, type: 'server_error', code: status } }),
});

const PLAN = JSON.stringify(salesPlan(), null, 2);

/** Creates a workflow from SALES_PROMPT with the model's answers scripted; what the API then shows of it. */
async function plan(...answers: Raw[]) {
  queue.push(...answers);
  const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
    body: { prompt: SALES_PROMPT },
  });
  expect(created.status).toBe(201);
  await svc.engine.idle();
  const detail = (await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`)).body;
  const stored = await svc.store.workflows.byId(created.body.id);
  const notes = (detail.planning_notes ?? []).filter((note) => note.kind === 'planner').map((note) => note.text);
  return { id: created.body.id, detail, notes, steps: JSON.parse(stored?.steps ?? '[]') as StepSpec[] };
}

/** The model's plan was used, repaired: ready, its name and writing step, no note of the rules. */
function expectModelPlan(planned: Awaited<ReturnType<typeof plan>>) {
  expect({ status: planned.detail.status, notes: planned.notes }).toEqual({ status: 'ready', notes: [] });
  expect(planned.detail.name).toBe('Sales intro email');
  expect(planned.steps[0]).toMatchObject({ kind: 'model_write', filename: 'intro-email.md' });
}

/** The rules' plan, with a note that names `cause` and quotes nothing of the server's. */
function expectRulesWithNote(planned: Awaited<ReturnType<typeof plan>>, cause: RegExp) {
  expect(planned.detail.status).toBe('ready');
  expect(planned.notes).toHaveLength(1);
  expect(planned.notes[0]).toMatch(/^The built-in rules made this plan because /);
  expect(planned.notes[0]).toMatch(cause);
  const shown = JSON.stringify(planned.detail);
  for (const secret of [KEY, 'Qm47RtY2', 'Incorrect API key', 'upstream', 'internal reasoning']) {
    expect(shown).not.toContain(secret);
  }
}

/** A plan's steps as a model answers them when nothing enforces the schema: only its own parameters. */
function sparsePlan(step: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { notes: _notes, concurrency: _concurrency, ...rest } = salesPlan();
  const instructions = salesPlan().steps[0]!.instructions;
  const base = { kind: 'model_write', filename: 'intro-email.md', format: 'markdown', instructions };
  return { ...rest, ...extra, steps: [{ ...base, ...step }] };
}

describe('1. JSON with words or fences around it', () => {
  it.each([
    ['in a ```json fence', `\`\`\`json\n${PLAN}\n\`\`\``],
    ['in a bare ``` fence', `\`\`\`\n${PLAN}\n\`\`\``],
    ['after a sentence', `Here is the plan:\n\n${PLAN}`],
    ['followed by an explanation', `${PLAN}\n\nThis workflow asks for the prospect's name and writes the email.`],
    ['fenced between two sentences', `Sure! Here is the workflow:\n\`\`\`json\n${PLAN}\n\`\`\`\nLet me know!`],
    ['under a top-level "workflow_plan" key', JSON.stringify({ workflow_plan: salesPlan() })],
  ])('uses a plan %s, at the first answer', async (_, content) => {
    expectModelPlan(await plan(says(content)));
    expect(requests).toHaveLength(1);
  });
});

describe('2. names and inputs spelled loosely', () => {
  it('repairs camelCase and Title Case keys, and the templates that read them', async () => {
    const answer = salesPlan();
    answer.inputs[0]!.key = 'prospectName';
    answer.inputs[1]!.key = 'Company';
    answer.steps[0]!.instructions =
      'Write to {{ input.prospectName }} at {{ input.Company }}: {{ input.what_we_sell }}';
    const planned = await plan(says(JSON.stringify(answer)));
    expectModelPlan(planned);
    expect(Object.keys(planned.detail.input_schema?.properties ?? {})).toEqual([
      'prospect_name',
      'company',
      'what_we_sell',
    ]);
    expect(planned.steps[0]).toMatchObject({ instructions: expect.stringContaining('{{ input.prospect_name }}') });
  });

  it.each([['Short Text'], ['short_text'], ['string'], ['text']])('reads the input type "%s" as text', async (type) => {
    const answer = salesPlan();
    answer.inputs[1]!.type = type as never;
    const planned = await plan(says(JSON.stringify(answer)));
    expectModelPlan(planned);
    expect(planned.detail.input_schema?.properties).toHaveProperty('company.type', 'string');
  });

  it('reads `required` given as the string "false", and keeps the input optional', async () => {
    const answer = salesPlan() as unknown as { inputs: Array<Record<string, unknown>> };
    answer.inputs[1]!.required = 'false';
    const planned = await plan(says(JSON.stringify(answer)));
    expectModelPlan(planned);
    expect(planned.detail.input_schema?.required).toEqual(['prospect_name', 'what_we_sell']);
  });

  it('reads inputs given as a JSON Schema: keys normalised, `required` matched to them, unknown names dropped', async () => {
    const { inputs: _, ...rest } = salesPlan();
    const inputSchema = {
      properties: {
        prospectName: { type: 'string', title: 'Prospect name' },
        Company: { type: 'string', title: 'Company' },
        what_we_sell: { type: 'string', title: 'What we sell' },
      },
      required: ['prospect_name', 'company', 'budget'],
    };
    const planned = await plan(says(JSON.stringify({ ...rest, input_schema: inputSchema })));
    expectModelPlan(planned);
    expect(planned.detail.input_schema).toMatchObject({ type: 'object', required: ['prospect_name', 'company'] });
  });
});

describe('3. steps spelled loosely', () => {
  it.each([['model-write'], ['Model Write'], ['modelWrite'], ['MODEL_WRITE']])(
    'reads the step kind "%s"',
    async (kind) => {
      const answer = salesPlan();
      answer.steps[0]!.kind = kind;
      expectModelPlan(await plan(says(JSON.stringify(answer))));
    },
  );

  it('uses steps that give only their own parameters, and a plan without notes or concurrency', async () => {
    expectModelPlan(await plan(says(JSON.stringify(sparsePlan({})))));
  });

  it('drops fields a step or the plan does not have', async () => {
    const answer = {
      ...salesPlan(),
      version: 1,
      steps: [{ ...salesPlan().steps[0]!, id: 1, description: 'Writes it' }],
    };
    expectModelPlan(await plan(says(JSON.stringify(answer))));
  });

  it('reads numbers given as strings', async () => {
    const answer = salesPlan();
    answer.inputs.push({ ...answer.inputs[2]!, key: 'notes', title: 'Notes' });
    answer.steps.unshift(answerStep({ kind: 'summarize', filename: 'notes.md', fields: ['notes'], sentences: '2' }));
    const planned = await plan(says(JSON.stringify(answer)));
    expect({ status: planned.detail.status, notes: planned.notes }).toEqual({ status: 'ready', notes: [] });
    expect(planned.steps[0]).toMatchObject({ kind: 'summarize', sentences: 2 });
  });
});

describe('4. the plan somewhere else than a text content', () => {
  it('uses a plan answered as a tool call', async () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'workflow_plan', arguments: PLAN } };
    expectModelPlan(await plan(completion({ content: null, tool_calls: [call] }, 'tool_calls')));
  });

  it('uses a plan answered as an array of content parts', async () => {
    expectModelPlan(await plan(completion({ content: [{ type: 'text', text: PLAN }] })));
  });
});

describe('5. reasoning before the answer', () => {
  it('uses a plan after a <think> block', async () => {
    const thought = '<think>\nThe user wants an email. I need a {"name"} and steps.\n</think>\n\n';
    expectModelPlan(await plan(says(`${thought}${PLAN}`)));
  });

  it.each([
    ['after a <think> block', says('<think>internal reasoning</think>\n\nHi Ada, meet our widgets.')],
    ['as content parts', completion({ content: [{ type: 'text', text: 'Hi Ada, meet our widgets.' }] })],
  ])('writes a file from an answer %s, with only the answer in it', async (_, written) => {
    const planned = await plan(says(PLAN), written);
    const input = { prospect_name: 'Ada', company: 'Acme', what_we_sell: 'widgets' };
    const executionId = await startRun(svc, planned.id, input);
    await svc.engine.idle();
    const run = await svc.call<ExecutionDetail>('GET', `${runsUrl(planned.id)}/${executionId}`);
    expect(run.body.status).toBe('finished');
    const content = String(run.body.results?.[0]?.content);
    expect(content).toContain('Hi Ada');
    expect(content).not.toContain('internal reasoning');
  });
});

describe('6. a stream nobody asked for', () => {
  it('reads a server-sent-events answer, or falls back on the rules with a note, never failing the workflow', async () => {
    const chunk = (delta: object, finish: string | null = null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const body = `${chunk({ role: 'assistant', content: PLAN.slice(0, 50) })}${chunk({ content: PLAN.slice(50) }, 'stop')}data: [DONE]\n\n`;
    const sse = { headers: { 'content-type': 'text/event-stream' }, body };
    const planned = await plan(sse);
    expect(planned.detail.status).toBe('ready');
    if (planned.notes.length > 0) expectRulesWithNote(planned, /./);
  });
});

describe('7. errors, empty and cut-off answers', () => {
  it.each([
    [429, /is busy \(429 Too Many Requests\)/],
    [500, /failed on its server \(500\)/],
    [503, /failed on its server \(503\)/],
  ])('falls back after %i whose body quotes the key, with the status and a sentence', async (status, cause) => {
    const body = error(status, `Incorrect API key provided: Bearer ${KEY} (upstream llama-3 overloaded)`);
    expectRulesWithNote(await plan(body), cause);
  });

  it('falls back with a note after an empty answer', async () => {
    expectRulesWithNote(await plan(says('')), /gave an empty answer/);
  });

  it('falls back after a content of null with no tool call, not failing the workflow', async () => {
    expectRulesWithNote(await plan(completion({})), /empty/);
  });

  it('says a plan cut off at max_tokens was cut off, not that it is not JSON', async () => {
    const cut = says(PLAN.slice(0, 200), 'length');
    const planned = await plan(cut);
    expectRulesWithNote(planned, /cut off|too long|max_tokens|WORKFLOW_MODEL_MAX_TOKENS/);
  });

  it('does not show a tenant the words of a model that refuses in prose', async () => {
    const refusal = says("I'm sorry, but as an AI (internal reasoning) I can't help with that request.");
    const planned = await plan(refusal);
    expect(planned.detail.status).toBe('ready');
    expect(JSON.stringify(planned.detail)).not.toContain('AI (internal reasoning)');
  });
});
