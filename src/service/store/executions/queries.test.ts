import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import type { Store } from '../store';
import { addAccountWorkflow, testStoreHome, type TestStoreHome } from '../test-support/store-home';

const start = Date.UTC(2026, 10, 21, 0, 0, 0);
const clock = manualClock(start);
let home: TestStoreHome;
let store: Store;
let workflowId: string;

beforeEach(async () => {
  clock.set(start);
  home = await testStoreHome();
  store = await home.open(clock);
  workflowId = await addAccountWorkflow(store, 'low', 'Flow');
});
afterEach(async () => {
  await home.cleanup();
});

describe('ExecutionQueries', () => {
  it('pages newest first with status filters and a cursor, per workflow and per account', async () => {
    const rows = await store.createExecutions('acc', workflowId, [{}, {}, {}, {}], null);
    await store.executions.claim(rows[1]!.id, clock.now(), clock.now() + 1000);
    const page = await store.executionQueries.workflowPage(workflowId, { statuses: null, before: null, limit: 2 });
    expect(page.map((row) => row.id)).toEqual([rows[3]!.id, rows[2]!.id]);
    const next = await store.executionQueries.workflowPage(workflowId, {
      statuses: ['initial', 'processing'],
      before: page[1]!.created_at,
      limit: 10,
    });
    expect(next.map((row) => row.id)).toEqual([rows[1]!.id, rows[0]!.id]);
    const processing = await store.executionQueries.accountPage('acc', workflowId, {
      statuses: ['processing'],
      before: null,
      limit: 10,
    });
    expect(processing).toEqual([expect.objectContaining({ id: rows[1]!.id, workflow_name: 'Flow' })]);
    const all = await store.executionQueries.accountPage('acc', null, { statuses: null, before: null, limit: 10 });
    expect(all).toHaveLength(4);
  });

  it('counts per status and bucket, and measures durations in milliseconds', async () => {
    const [early] = await store.createExecutions('acc', workflowId, [{}], null);
    clock.advance(3_600_000);
    const [late] = await store.createExecutions('acc', workflowId, [{}], null);
    await store.executions.claim(late!.id, clock.now(), clock.now() + 60_000);
    clock.advance(1_500);
    await store.completeExecution(late!.id, 1, []);
    const buckets = await store.executionQueries.bucketCounts(workflowId, {
      from: '2026-11-20T00:00:00.000000Z',
      to: '2026-11-22T00:00:00.000000Z',
      bucketMs: 3_600_000,
      offsetMs: 0,
    });
    const hour = start / 3_600_000;
    expect(buckets.sort((x, y) => x.bucket - y.bucket)).toEqual([
      { status: 'initial', bucket: hour, n: 1 },
      { status: 'finished', bucket: hour + 1, n: 1 },
    ]);
    expect(early).toBeDefined();
    expect(
      await store.executionQueries.durations(workflowId, '2026-11-20T00:00:00.000000Z', '2026-11-22T00:00:00.000000Z'),
    ).toEqual([1_500]);
  });
});
