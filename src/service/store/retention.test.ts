import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { RetentionCleaner, type RetentionSettings } from '../engine/retention';
import { createLogger } from '../logger';
import type { Store } from './store';
import { addEndedRuns, rowCounts } from './test-support/ended-runs';
import { addAccountWorkflow, testStoreHome, type TestStoreHome } from './test-support/store-home';

const DAY = 86_400_000;
const clock = manualClock(Date.UTC(2026, 2, 1));
let home: TestStoreHome;
let store: Store;
let workflowId: string;

beforeEach(async () => {
  clock.set(Date.UTC(2026, 2, 1));
  home = await testStoreHome();
  store = await home.open(clock);
  workflowId = await addAccountWorkflow(store, 'high');
});
afterEach(async () => {
  await home.cleanup();
});

const cleaner = (settings: RetentionSettings, on: Store = store, batchSize = 3) =>
  new RetentionCleaner({ store: on, clock, logger: createLogger('silent'), settings, batchSize });

const exists = async (ids: readonly string[]) =>
  (await store.kysely.selectFrom('executions').select('id').where('id', 'in', ids).execute()).length;

describe('the retention cleaner', () => {
  it('deletes runs that ended more than the retention ago, with their files, steps and batch rows, in small batches', async () => {
    const old = await addEndedRuns(store, 'acc', workflowId, 7, { batchId: 'old-batch' });
    const oldFailed = await addEndedRuns(store, 'acc', workflowId, 2, { failed: true });
    clock.advance(2 * DAY);
    const recent = await addEndedRuns(store, 'acc', workflowId, 4, { batchId: 'new-batch' });
    clock.advance(DAY + 1);
    const deleted: string[][] = [];
    const cleaning = cleaner({ days: 3, maxRuns: null });
    cleaning.onDeleted((ids) => deleted.push([...ids]));

    expect(await cleaning.pass()).toBe(9);

    expect(await exists([...old, ...oldFailed])).toBe(0);
    expect(await exists(recent)).toBe(4);
    expect(await rowCounts(store)).toEqual({ executions: 4, files: 4, execution_steps: 4, batch_rows: 4, batches: 1 });
    expect(await store.batches.find('acc', 'old-batch')).toBeUndefined();
    // Batches of 3 at most per transaction: 7 + 2 runs come out as 3, 3, 3.
    expect(deleted.map((ids) => ids.length)).toEqual([3, 3, 3]);
    expect(deleted.flat().sort()).toEqual([...old, ...oldFailed].sort());
  });

  it.each([
    ['retention off', { days: null, maxRuns: null }],
    ['a count only', { days: null, maxRuns: 1_000 }],
    ['30 days', { days: 30, maxRuns: null }],
  ])('removes a batch none of whose rows were sent, 7 days after it was declared, with %s', async (_what, settings) => {
    const declare = (id: string) =>
      store.batches.insert({
        id,
        account_id: 'acc',
        workflow_id: workflowId,
        file_name: 'never-sent.csv',
        columns: '["A"]',
        mapping: '{}',
        row_count: 3,
        started_by: null,
        created_at: store.nowIso(),
      });
    await declare('empty-old');
    await addEndedRuns(store, 'acc', workflowId, 1, { batchId: 'sent-old' });
    clock.advance(7 * DAY + 1);
    await declare('empty-new');
    await cleaner(settings).pass();
    expect(await store.batches.find('acc', 'empty-old')).toBeUndefined();
    expect(await store.batches.find('acc', 'empty-new')).toBeDefined();
    expect(await store.batches.find('acc', 'sent-old')).toBeDefined();
  });

  it('keeps only the newest ended runs of each account when a count is set, oldest deleted first', async () => {
    const first = await addEndedRuns(store, 'acc', workflowId, 5);
    clock.advance(60_000);
    const second = await addEndedRuns(store, 'acc', workflowId, 4);

    expect(await cleaner({ days: null, maxRuns: 6 }).pass()).toBe(3);

    expect(await exists(second)).toBe(4);
    expect(await exists(first)).toBe(2);
  });

  it('never deletes waiting, processing or approval-waiting runs, however old', async () => {
    const [waiting, processing, approval] = (await store.createExecutions('acc', workflowId, [{}, {}, {}], null)).map(
      (run) => run.id,
    ) as [string, string, string];
    await store.kysely.updateTable('executions').set({ status: 'processing' }).where('id', '=', processing).execute();
    await store.kysely
      .updateTable('executions')
      .set({ status: 'human_in_the_loop' })
      .where('id', '=', approval)
      .execute();
    await addEndedRuns(store, 'acc', workflowId, 2);
    clock.advance(400 * DAY);

    expect(await cleaner({ days: 1, maxRuns: 1 }).pass()).toBe(2);

    expect(await exists([waiting, processing, approval])).toBe(3);
  });

  it("applies an account's own age where it is stricter than the service's", async () => {
    const old = await addEndedRuns(store, 'acc', workflowId, 3);
    clock.advance(5 * DAY);
    await store.retention.setAccount('acc', { days: 2, maxRuns: null }, { by: null, at: store.nowIso() });

    expect(await cleaner({ days: 30, maxRuns: null }).pass()).toBe(3);
    expect(await exists(old)).toBe(0);
  });

  it("keeps the service's count where an account asks for more", async () => {
    await addEndedRuns(store, 'acc', workflowId, 5);
    await store.retention.setAccount('acc', { days: null, maxRuns: 50 }, { by: null, at: store.nowIso() });

    expect(await cleaner({ days: null, maxRuns: 4 }).pass()).toBe(1);
    expect((await rowCounts(store)).executions).toBe(4);
  });

  it('cleans on one replica at a time: a second cleaner asking within the interval finds the turn taken', async () => {
    await addEndedRuns(store, 'acc', workflowId, 4);
    clock.advance(2 * DAY);
    const other = home.dialect === 'postgres' ? await home.open(clock) : store;
    const settings = { days: 1, maxRuns: null };

    const passes = await Promise.all([cleaner(settings).pass(), cleaner(settings, other).pass()]);

    expect(passes).toContain(null);
    expect(passes).toContain(4);
    await addEndedRuns(store, 'acc', workflowId, 1);
    clock.advance(2 * DAY);
    // A new interval: the turn is free again for whichever asks.
    expect(await cleaner(settings, other).pass()).toBe(1);
  });
});
