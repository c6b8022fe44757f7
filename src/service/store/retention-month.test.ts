import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { RetentionCleaner } from '../engine/retention';
import { createLogger } from '../logger';
import type { Store } from './store';
import { addEndedRuns, databaseBytes, rowCounts } from './test-support/ended-runs';
import { addAccountWorkflow, testStoreHome, type TestStoreHome } from './test-support/store-home';

const HOUR = 3_600_000;
const RUNS_PER_HOUR = 80;
const RETENTION_DAYS = 2;
const WARM_UP_DAYS = RETENTION_DAYS + 1;

let home: TestStoreHome;
afterEach(async () => {
  await home.cleanup();
});

/** Stands in for autovacuum, which marks a day's deleted rows' space reusable on its own schedule. */
async function vacuum(store: Store): Promise<void> {
  if (store.dialect === 'postgres')
    await sql`VACUUM executions, files, execution_steps, batch_rows, batches`.execute(store.kysely);
}

describe('a month of a batch every hour with retention', () => {
  const clock = manualClock(Date.UTC(2026, 4, 1));
  let store: Store;
  let workflowId: string;
  beforeEach(async () => {
    home = await testStoreHome();
    store = await home.open(clock);
    workflowId = await addAccountWorkflow(store, 'high');
  });

  it('keeps the database the same size once runs older than the retention start going', async () => {
    const cleaner = new RetentionCleaner({
      store,
      clock,
      logger: createLogger('silent'),
      settings: { days: RETENTION_DAYS, maxRuns: null },
    });
    const sizeByDay: number[] = [];
    for (let hour = 1; hour <= 30 * 24; hour++) {
      await addEndedRuns(store, 'acc', workflowId, RUNS_PER_HOUR, { batchId: `batch-${hour}`, fileBytes: 2048 });
      clock.advance(HOUR);
      await cleaner.pass();
      if (hour % 24 === 0) {
        await vacuum(store);
        sizeByDay.push(await databaseBytes(store));
      }
    }

    const counts = await rowCounts(store);
    // Two days of hourly batches, give or take the hour the pass falls in.
    expect(counts.executions).toBeGreaterThanOrEqual(RETENTION_DAYS * 24 * RUNS_PER_HOUR - RUNS_PER_HOUR);
    expect(counts.executions).toBeLessThanOrEqual(RETENTION_DAYS * 24 * RUNS_PER_HOUR + RUNS_PER_HOUR);
    expect(counts.batches).toBeLessThanOrEqual(RETENTION_DAYS * 24 + 1);
    // Flat: the last week is no more than half again the first steady week. Runs kept past retention
    // would make it three times the first or more. PostgreSQL's files drift up slowly under plain VACUUM
    // (index pages split and are reused only in part): a busy CI machine saw 1.21 times, so 1.2 was
    // too tight to tell that drift from runs kept.
    const firstWeek = Math.max(...sizeByDay.slice(WARM_UP_DAYS, WARM_UP_DAYS + 7));
    const lastWeek = Math.max(...sizeByDay.slice(-7));
    expect(lastWeek, `bytes per day: ${sizeByDay.join(', ')}`).toBeLessThanOrEqual(firstWeek * 1.5);
  }, 600_000);
});
