import { describe, expect, it } from 'vitest';
import type {
  BatchCreateResponse,
  CancelExecutionsResponse,
  ExecutionCreateResponse,
  ExecutionDetail,
  ExecutionListItem,
} from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { KEY_B, reportStep, startTestService } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';
import { runsUrl } from '../../../test-support/runs';

type Err = { error: string };
type Page = { data: ExecutionListItem[]; cursor: string | null };

const BY_KEY_A = 'cancelled by WORKFLOW_API_KEYS #1 (API key)';
const OTHER_ID = '8d6f0a3e-5b7c-4b7e-9a51-0c2f7d9e1a23';

// Steps take 100 ms each, so a low-concurrency batch keeps one execution processing and the rest waiting.
const svc = useTestService({ WORKFLOW_TIME_SCALE: '0.05', WORKFLOW_RATE_LIMIT: '1000000' });

const cancel = (workflowId: string, body: unknown, key?: string) =>
  svc.call<CancelExecutionsResponse & Err>('POST', `${runsUrl(workflowId)}/cancel`, { body, key });
const status = async (id: string) => (await svc.store.executions.byId(id))!.status;

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await check()).toBe(true);
}

async function lowBatch(workflowId: string, count: number): Promise<BatchCreateResponse & { batch_id: string }> {
  const items = Array.from({ length: count }, (_, i) => ({ name: `row ${i}` }));
  const res = await svc.call<BatchCreateResponse & { batch_id: string }>('POST', `${runsUrl(workflowId)}/batch`, {
    body: { items, concurrency: 'low' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** Starts one run of the workflow and waits until it reaches `reached`; returns its id. */
async function runUntil(workflowId: string, reached: string, input?: Record<string, unknown>): Promise<string> {
  const created = await svc.call<ExecutionCreateResponse>('POST', runsUrl(workflowId), {
    body: input ? { input } : {},
  });
  const id = created.body.execution_id;
  await until(async () => (await status(id)) === reached);
  return id;
}

/** The execution ended in error with the cancel message of key A as its error.txt. */
async function expectCancelledByKeyA(workflowId: string, id: string): Promise<void> {
  expect(await detail(workflowId, id)).toMatchObject({
    status: 'error',
    results: [{ filename: 'error.txt', content: BY_KEY_A }],
  });
}

async function detail(workflowId: string, id: string): Promise<ExecutionDetail> {
  return (await svc.call<ExecutionDetail>('GET', `${runsUrl(workflowId)}/${id}`)).body;
}

describe('POST …/executions/cancel', () => {
  it('cancels a batch: waiting rows end in error at once, the processing one at its next step boundary', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep('a.md'), reportStep('b.md'), reportStep('c.md')] });
    const batch = await lowBatch(workflowId, 4);
    const [first, ...rest] = batch.executions.map((e) => e.execution_id);
    await until(async () => (await status(first!)) === 'processing');

    const res = await cancel(workflowId, { batch_id: batch.batch_id, reason: 'wrong file uploaded' });
    expect(res.status).toBe(200);
    assertMatchesContract('cancelExecutions', 200, res.body);
    expect(res.body).toEqual({ cancelled: 3, stopping: 1, unchanged: 0, not_found: 0 });

    const message = `${BY_KEY_A}: wrong file uploaded`;
    for (const id of rest) {
      expect(await detail(workflowId, id)).toMatchObject({
        status: 'error',
        results: [{ filename: 'error.txt', content: message }],
      });
    }
    // Still processing: it stops when its current step ends, not in the middle of it.
    expect(await status(first!)).toBe('processing');
    await svc.engine.idle();
    expect(await detail(workflowId, first!)).toMatchObject({
      status: 'error',
      results: [{ filename: 'error.txt', content: message }],
    });
    // The cancelled rows never ran: none got past its first attempt.
    for (const id of rest) expect((await svc.store.executions.byId(id))!.attempt).toBe(0);
    const page = await svc.call<Page>('GET', runsUrl(workflowId));
    expect(page.body.data.map((item) => item.error)).toEqual([message, message, message, message]);
  });

  it('stops a processing run after the step it is in, before any later step', async () => {
    // Had the run gone on to its second step, that guard would have failed it with its own message.
    const guard = {
      kind: 'guard',
      field: 'name',
      rule: 'not_contains',
      value: 'Ann',
      message: 'second step ran',
    } as const;
    const workflowId = await svc.addWorkflow({ steps: [reportStep('a.md'), guard, reportStep('c.md')] });
    const id = await runUntil(workflowId, 'processing', { name: 'Ann' });
    const res = await cancel(workflowId, { execution_ids: [id] });
    expect(res.body).toEqual({ cancelled: 0, stopping: 1, unchanged: 0, not_found: 0 });
    await svc.engine.idle();
    await expectCancelledByKeyA(workflowId, id);
  });

  it('ends a run cancelled during its last step in error, not finished', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const id = await runUntil(workflowId, 'processing', { name: 'Ann' });
    expect((await cancel(workflowId, { execution_ids: [id] })).body.stopping).toBe(1);
    await svc.engine.idle();
    await expectCancelledByKeyA(workflowId, id);
  });

  it('ends an execution waiting for approval at once, without a reason suffix when none is given', async () => {
    const workflowId = await svc.addWorkflow({ steps: [{ kind: 'approval', message: 'Go?' }, reportStep()] });
    const id = await runUntil(workflowId, 'human_in_the_loop');
    const res = await cancel(workflowId, { execution_ids: [id], reason: '   ' });
    expect(res.body).toEqual({ cancelled: 1, stopping: 0, unchanged: 0, not_found: 0 });
    await expectCancelledByKeyA(workflowId, id);
  });

  it('leaves finished and failed executions unchanged and counts ids named twice once', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const id = await runUntil(workflowId, 'finished', { name: 'Ann' });
    const res = await cancel(workflowId, { execution_ids: [id, id.toUpperCase()] });
    expect(res.body).toEqual({ cancelled: 0, stopping: 0, unchanged: 1, not_found: 0 });
    expect(await detail(workflowId, id)).toMatchObject({ status: 'finished', results: [{ filename: 'report.md' }] });
  });

  it('counts ids of other workflows and other accounts as not found, and changes nothing there', async () => {
    const mine = await svc.addWorkflow({ steps: [{ kind: 'approval', message: 'Go?' }] });
    const sibling = await svc.addWorkflow({ steps: [{ kind: 'approval', message: 'Go?' }] });
    const theirs = await svc.addWorkflow({ steps: [{ kind: 'approval', message: 'Go?' }] }, KEY_B);
    const inSibling = (await svc.call<ExecutionCreateResponse>('POST', runsUrl(sibling), { body: {} })).body
      .execution_id;
    const ofB = (await svc.call<ExecutionCreateResponse>('POST', runsUrl(theirs), { body: {}, key: KEY_B })).body
      .execution_id;
    await until(
      async () => (await status(inSibling)) === 'human_in_the_loop' && (await status(ofB)) === 'human_in_the_loop',
    );

    const res = await cancel(mine, { execution_ids: [inSibling, ofB, OTHER_ID] });
    expect(res.body).toEqual({ cancelled: 0, stopping: 0, unchanged: 0, not_found: 3 });
    expect([await status(inSibling), await status(ofB)]).toEqual(['human_in_the_loop', 'human_in_the_loop']);
    // Another account's workflow answers like a missing one.
    expect(await cancel(theirs, { execution_ids: [ofB] })).toMatchObject({
      status: 404,
      body: { error: 'workflow not found' },
    });
    // A batch id of another workflow matches nothing here.
    expect((await cancel(mine, { batch_id: OTHER_ID })).body).toEqual({
      cancelled: 0,
      stopping: 0,
      unchanged: 0,
      not_found: 0,
    });
  });

  it.each([
    [{ batch_id: OTHER_ID, execution_ids: [OTHER_ID] }, 'send either batch_id or execution_ids, not both'],
    [{}, 'batch_id or execution_ids is required: say which executions to cancel'],
    [{ reason: 'x' }, 'batch_id or execution_ids is required: say which executions to cancel'],
    [{ execution_ids: [] }, 'execution_ids must be a list of 1 to 10000 execution ids (UUIDs)'],
    [
      { execution_ids: Array.from({ length: 10_001 }, () => OTHER_ID) },
      'execution_ids must be a list of 1 to 10000 execution ids (UUIDs)',
    ],
    [{ execution_ids: ['not-a-uuid'] }, 'execution_ids must be a list of 1 to 10000 execution ids (UUIDs)'],
    [{ batch_id: 'batch-1' }, 'batch_id must be a UUID'],
    [{ batch_id: OTHER_ID, reason: 'x'.repeat(501) }, 'reason must be a string of at most 500 characters'],
    [{ batch_id: OTHER_ID, force: true }, "unknown property 'force' in the request body"],
  ])('answers 400 for %j', async (body, message) => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const res = await cancel(workflowId, body);
    expect(res.status).toBe(400);
    assertMatchesContract('cancelExecutions', 400, res.body);
    expect(res.body.error).toBe(message);
  });

  it('accepts 10,000 ids in one request', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const ids = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await cancel(workflowId, { execution_ids: ids });
    expect(res.body).toEqual({ cancelled: 0, stopping: 0, unchanged: 0, not_found: 10_000 });
  });

  it('needs a key and counts against the rate limit like every endpoint', async () => {
    const limited = await startTestService({ WORKFLOW_RATE_LIMIT: '2' });
    try {
      const workflowId = await limited.addWorkflow({ steps: [reportStep()] });
      const url = `${runsUrl(workflowId)}/cancel`;
      expect((await limited.call<Err>('POST', url, { key: null, body: { batch_id: OTHER_ID } })).status).toBe(401);
      const first = await limited.call('POST', url, { body: { batch_id: OTHER_ID } });
      expect(first.headers['ratelimit-remaining']).toBe('1');
      const invalid = await limited.call('POST', url, { body: {} });
      expect([invalid.status, invalid.headers['ratelimit-remaining']]).toEqual([400, '0']);
      const over = await limited.call<Err>('POST', url, { body: { batch_id: OTHER_ID } });
      expect(over.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
