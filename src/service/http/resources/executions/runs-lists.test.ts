import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionListItem, Schemas } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { guardAgainstFail, KEY_B, reportStep } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';
import { runsUrl, startRun } from '../../../test-support/runs';

type Page<T> = { data: T[]; cursor: string | null };
type AccountItem = Schemas['AccountExecutionListItem'];
type Err = { error: string };

const svc = useTestService();
let first: string;
let second: string;
/** Newest first, as the lists answer. */
const firstRuns: string[] = [];
const failedRuns: string[] = [];
const secondRuns: string[] = [];

const run = (workflowId: string, name: string) => startRun(svc, workflowId, { name });

/** Every item of a cursor walk at `limit` per page. */
async function walk<T extends { id: string }>(url: string, limit: number, key?: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const page: { status: number; body: Page<T> } = await svc.call<Page<T>>(
      'GET',
      `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      key === undefined ? {} : { key },
    );
    expect(page.status).toBe(200);
    items.push(...page.body.data);
    cursor = page.body.cursor;
  } while (cursor !== null);
  return items;
}

beforeAll(async () => {
  first = await svc.addWorkflow({ name: 'Checks names', steps: [guardAgainstFail, reportStep()] });
  second = await svc.addWorkflow({ name: 'Plain report', steps: [reportStep()] });
  for (let i = 0; i < 23; i++) {
    const failing = i % 7 === 3;
    const id = await run(first, failing ? `FAIL ${i}` : `Ann ${i}`);
    firstRuns.unshift(id);
    if (failing) failedRuns.unshift(id);
    if (i % 5 === 0) secondRuns.unshift(await run(second, `Bo ${i}`));
  }
  await svc.engine.idle();
});

describe('status filter on GET …/workflows/{id}/executions (local extension)', () => {
  it('walks only the failed runs, newest first, with the usual cursor', async () => {
    const items = await walk<ExecutionListItem>(`${runsUrl(first)}?status=error`, 1);
    expect(items.map((item) => item.id)).toEqual(failedRuns);
    expect(new Set(items.map((item) => item.status))).toEqual(new Set(['error']));
  });

  it('takes a comma-separated list, and every status once', async () => {
    const items = await walk<ExecutionListItem>(`${runsUrl(first)}?status=finished,error,error`, 4);
    expect(items.map((item) => item.id)).toEqual(firstRuns);
    const none = await svc.call<Page<ExecutionListItem>>('GET', `${runsUrl(first)}?status=initial,human_in_the_loop`);
    expect(none.body).toEqual({ data: [], cursor: null });
  });

  it('answers 400 naming the statuses for an unknown or empty status', async () => {
    for (const status of ['failed', '', 'error,', 'ERROR']) {
      const res = await svc.call<Err>('GET', `${runsUrl(first)}?status=${status}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        'status must be one of initial, processing, human_in_the_loop, finished, error, or a comma-separated list of them',
      );
    }
  });

  it('carries started_at and finished_at on ended runs (local choice), for durations', async () => {
    const res = await svc.call<Page<ExecutionListItem>>('GET', runsUrl(first));
    assertMatchesContract('listExecutions', 200, res.body);
    for (const item of res.body.data) {
      expect(item.started_at! >= item.created_at).toBe(true);
      expect(item.finished_at! >= item.started_at!).toBe(true);
    }
  });
});

describe('GET /executions across workflows (local extension)', () => {
  it('lists every run of the account newest first, each with its workflow name', async () => {
    const items = await walk<AccountItem>('/api/v1/executions', 7);
    expect(items).toHaveLength(firstRuns.length + secondRuns.length);
    const created = items.map((item) => item.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(items.filter((item) => item.workflow_id === second).map((item) => item.id)).toEqual(secondRuns);
    const names = new Map(items.map((item) => [item.workflow_id, item.workflow_name]));
    expect(names).toEqual(
      new Map([
        [first, 'Checks names'],
        [second, 'Plain report'],
      ]),
    );
    const page = await svc.call<Page<AccountItem>>('GET', '/api/v1/executions?limit=3');
    assertMatchesContract('listAccountExecutions', 200, page.body);
    expect(page.body.data[0]).toMatchObject({
      url: expect.stringContaining('/executions/'),
      results: expect.any(Array),
    });
  });

  it('filters by status and by workflow, keeping the cursor semantics', async () => {
    expect((await walk<AccountItem>('/api/v1/executions?status=error', 2)).map((item) => item.id)).toEqual(failedRuns);
    const ofSecond = await walk<AccountItem>(`/api/v1/executions?workflow_id=${second}&status=finished`, 2);
    expect(ofSecond.map((item) => item.id)).toEqual(secondRuns);
  });

  it("shows another account none of these runs, and 404 for another account's workflow", async () => {
    expect(await walk<AccountItem>('/api/v1/executions', 100, KEY_B)).toEqual([]);
    const res = await svc.call<Err>('GET', `/api/v1/executions?workflow_id=${first}`, { key: KEY_B });
    expect(res).toMatchObject({ status: 404, body: { error: 'workflow not found' } });
  });

  it('answers 400 for a bad status, workflow_id, limit or cursor', async () => {
    for (const query of ['status=done', 'workflow_id=nope', 'limit=0', 'cursor=yesterday']) {
      expect((await svc.call<Err>('GET', `/api/v1/executions?${query}`)).status).toBe(400);
    }
  });
});

describe('GET …/executions/{id}/input (local extension)', () => {
  it('returns the input the run was started with, to its own account only', async () => {
    const id = failedRuns[0]!;
    const res = await svc.call('GET', `${runsUrl(first)}/${id}/input`);
    expect(res.body).toEqual({ execution_id: id, workflow_id: first, input: { name: 'FAIL 17' } });
    assertMatchesContract('getExecutionInput', 200, res.body);
    expect((await svc.call<Err>('GET', `${runsUrl(first)}/${id}/input`, { key: KEY_B })).body).toEqual({
      error: 'workflow not found',
    });
    expect((await svc.call<Err>('GET', `${runsUrl(second)}/${id}/input`)).body).toEqual({
      error: 'execution not found',
    });
  });
});
