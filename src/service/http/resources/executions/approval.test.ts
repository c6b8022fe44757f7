import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_B, reportStep, startTestService, type TestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Err = { error: string };

const svc = useTestService();
let workflowId: string;
beforeAll(async () => {
  workflowId = await svc.addWorkflow({
    steps: [
      reportStep('draft.md'),
      { kind: 'approval', message: 'Check the draft' },
      { kind: 'render_html', filename: 'final.html' },
    ],
  });
});

const base = () => `/api/v1/workflows/${workflowId}/executions`;

async function waitingExecution(): Promise<string> {
  const created = await svc.call<ExecutionCreateResponse>('POST', base(), { body: { input: { name: 'Ann' } } });
  await svc.engine.idle();
  const detail = await svc.call<ExecutionDetail>('GET', `${base()}/${created.body.execution_id}`);
  expect(detail.body).toMatchObject({ status: 'human_in_the_loop' });
  expect(detail.body).not.toHaveProperty('retry_after_seconds');
  return created.body.execution_id;
}

/** Decides on an execution, sending `body` with `key` (key A by default); the answer's body typed as `T`. */
const decide = <T = ExecutionDetail>(id: string, body: unknown, key?: string) =>
  svc.call<T>('POST', `${base()}/${id}/approval`, { body, key });

describe('GET …/executions/{eid} while waiting for approval', () => {
  it('shows the draft made so far as results, so the reviewer can read it', async () => {
    const id = await waitingExecution();
    const first = await svc.call<ExecutionDetail>('GET', `${base()}/${id}`);
    assertMatchesContract('getExecution', 200, first.body);
    expect(first.body.results).toEqual([
      { filename: 'draft.md', content: '# Report\n\nHello Ann\n', url: expect.stringContaining('/draft.md?') },
    ]);
    const download = await svc.app.inject({
      method: 'GET',
      url: first.body.results![0]!.url.replace('http://service.test', ''),
    });
    expect(download.body).toBe('# Report\n\nHello Ann\n');
    // The draft is stored once: a second read links the same file.
    const second = await svc.call<ExecutionDetail>('GET', `${base()}/${id}`);
    expect(second.body.results![0]!.url.split('?')[0]).toBe(first.body.results![0]!.url.split('?')[0]);
  });

  it('keeps the draft out of the final results once approved', async () => {
    const id = await waitingExecution();
    await svc.call('GET', `${base()}/${id}`);
    await decide(id, { approved: true });
    await svc.engine.idle();
    const done = await svc.call<ExecutionDetail>('GET', `${base()}/${id}`);
    expect(done.body.results!.map((f) => f.filename)).toEqual(['final.html']);
  });

  it('shows [] when no step before the approval made a file', async () => {
    const early = await svc.addWorkflow({ steps: [{ kind: 'approval', message: 'Go?' }, reportStep()] });
    const created = await svc.call<ExecutionCreateResponse>('POST', `/api/v1/workflows/${early}/executions`, {
      body: {},
    });
    await svc.engine.idle();
    const detail = await svc.call<ExecutionDetail>(
      'GET',
      `/api/v1/workflows/${early}/executions/${created.body.execution_id}`,
    );
    expect(detail.body).toMatchObject({ status: 'human_in_the_loop', results: [] });
  });
});

describe('POST …/executions/{eid}/approval', () => {
  it('continues an approved execution from the step after the approval', async () => {
    const id = await waitingExecution();
    const res = await decide(id, { approved: true, comment: 'fine' });
    expect(res.status).toBe(200);
    assertMatchesContract('decideApproval', 200, res.body);
    expect(res.body.status).toBe('initial');
    await svc.engine.idle();
    const done = await svc.call<ExecutionDetail>('GET', `${base()}/${id}`);
    expect(done.body.status).toBe('finished');
    expect(done.body.results!.map((f) => f.filename)).toEqual(['final.html']);
    expect(done.body.results![0]!.content).toContain('Hello Ann');
  });

  it('ends a rejected execution in error named after the reviewer’s key, and keeps the draft', async () => {
    const id = await waitingExecution();
    const res = await decide(id, { approved: false, comment: ' wrong tone ' });
    expect(res.status).toBe(200);
    assertMatchesContract('decideApproval', 200, res.body);
    expect(res.body).toMatchObject({
      status: 'error',
      results: [
        { filename: 'error.txt', content: 'Rejected by WORKFLOW_API_KEYS #1: wrong tone' },
        { filename: 'draft.md', content: '# Report\n\nHello Ann\n', url: expect.stringContaining('/draft.md?') },
      ],
    });
    const detail = await svc.call<ExecutionDetail>('GET', `${base()}/${id}`);
    expect(detail.body.results!.map((f) => f.filename)).toEqual(['error.txt', 'draft.md']);
    const download = await svc.app.inject({
      method: 'GET',
      url: detail.body.results![1]!.url.replace('http://service.test', ''),
    });
    expect(download.body).toBe('# Report\n\nHello Ann\n');
    const list = await svc.call<{ data: { id: string; error?: string; results?: { filename: string }[] }[] }>(
      'GET',
      base(),
    );
    expect(list.body.data.find((item) => item.id === id)).toMatchObject({
      error: 'Rejected by WORKFLOW_API_KEYS #1: wrong tone',
      results: [{ filename: 'error.txt' }, { filename: 'draft.md' }],
    });
  });

  it('keeps the draft the reviewer read, and says who rejected it without a comment', async () => {
    const id = await waitingExecution();
    const read = await svc.call<ExecutionDetail>('GET', `${base()}/${id}`);
    const res = await decide(id, { approved: false, comment: '  ' });
    expect(res.body.results!.map(({ filename, content }) => ({ filename, content }))).toEqual([
      { filename: 'error.txt', content: 'Rejected by WORKFLOW_API_KEYS #1' },
      { filename: 'draft.md', content: '# Report\n\nHello Ann\n' },
    ]);
    // The same stored file, no longer a draft: its link is the one the reviewer had.
    expect(res.body.results![1]!.url.split('?')[0]).toBe(read.body.results![0]!.url.split('?')[0]);
  });

  it('answers 409 when the execution is not waiting for approval', async () => {
    const id = await waitingExecution();
    await decide(id, { approved: false });
    const again = await decide<Err>(id, { approved: true });
    expect(again.status).toBe(409);
    assertMatchesContract('decideApproval', 409, again.body);
    expect(again.body).toEqual({ error: 'execution is not waiting for approval (its status is error)' });
  });

  it.each([
    [{}, 'approved is required'],
    [{ approved: 'yes' }, 'approved must be true or false'],
    [{ approved: true, comment: 3 }, 'comment must be a string of at most 2000 characters'],
    [{ approved: true, note: 'x' }, "unknown property 'note' in the request body"],
  ])('answers 400 for %j', async (body, message) => {
    const id = await waitingExecution();
    const res = await decide<Err>(id, body);
    expect(res.status).toBe(400);
    assertMatchesContract('decideApproval', 400, res.body);
    expect(res.body.error).toBe(message);
  });

  it('answers 404 for another account’s execution', async () => {
    const id = await waitingExecution();
    const res = await decide<Err>(id, { approved: true }, KEY_B);
    expect(res).toMatchObject({ status: 404, body: { error: 'workflow not found' } });
    const missing = await svc.call<Err>('POST', `${base()}/8d6f0a3e-5b7c-4b7e-9a51-0c2f7d9e1a23/approval`, {
      body: { approved: true },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'execution not found' } });
  });
});

/** A strict-v1 server has no approval route; a run rejected elsewhere (another replica) still reads as v1 says. */
describe('a rejected execution in strict-v1 mode', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ WORKFLOW_STRICT_V1: '1' });
  });
  afterAll(() => strict.close());

  it('is in error, with only v1 fields, the reviewer’s words in error.txt and the draft kept', async () => {
    const workflow = await strict.addWorkflow({
      steps: [reportStep('draft.md'), { kind: 'approval', message: 'Check the draft' }, reportStep('final.md')],
    });
    const runs = `/api/v1/workflows/${workflow}/executions`;
    const created = await strict.call<ExecutionCreateResponse>('POST', runs, { body: { input: { name: 'Ann' } } });
    const id = created.body.execution_id;
    await strict.engine.idle();
    const route = await strict.call<Err>('POST', `${runs}/${id}/approval`, { body: { approved: false } });
    expect(route.status).toBe(404);
    const waiting = (await strict.store.executions.byId(id))!;
    expect(await strict.engine.decide(waiting, false, 'too long', { id: 'k-maria', name: 'Maria' })).toBe('ok');
    const detail = await strict.call<ExecutionDetail>('GET', `${runs}/${id}`);
    assertMatchesContract('getExecution', 200, detail.body);
    expect(Object.keys(detail.body).sort()).toEqual(['created_at', 'id', 'results', 'status', 'url', 'workflow_id']);
    expect(detail.body.status).toBe('error');
    expect(detail.body.results!.map(({ filename, content }) => ({ filename, content }))).toEqual([
      { filename: 'error.txt', content: 'Rejected by Maria: too long' },
      { filename: 'draft.md', content: '# Report\n\nHello Ann\n' },
    ]);
  });
});
