// `npm run bench retention`: a batch of BENCH_RETENTION_ROWS (default 10,000) rows ending every simulated hour for
// BENCH_RETENTION_DAYS (default 30) days on SQLite, with a manual clock and the service's default retention
// (30 days, the newest 100,000 runs per account), the cleaner running after every hour. Prints the database size
// per simulated day; the goal is flat: after the warm-up no day more than 10% above the first day after it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { manualClock } from '../src/service/clock';
import { loadConfig } from '../src/service/config';
import { RetentionCleaner } from '../src/service/engine/retention';
import { createLogger } from '../src/service/logger';
import { openStore } from '../src/service/store/store';
import { addEndedRuns, databaseBytes, rowCounts } from '../src/service/store/test-support/ended-runs';
import { addAccountWorkflow } from '../src/service/store/test-support/store-home';
import type { Figure } from './service-bench';

const HOUR = 3_600_000;
const ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? 10_000);
const DAYS = Number(process.env.BENCH_RETENTION_DAYS ?? 30);

export async function runRetentionBench(): Promise<Figure[]> {
  const retention = loadConfig({}).retention;
  // The count fills up after maxRuns / ROWS hours, the age after `days`: flat from the day after the sooner one.
  const fullAfterHours = Math.min(
    retention.maxRuns === null ? Infinity : Math.ceil(retention.maxRuns / ROWS),
    retention.days === null ? Infinity : retention.days * 24,
  );
  const warmUpDays = Math.ceil(fullAfterHours / 24) + 1;
  console.log(
    `  ${ROWS.toLocaleString('en-US')} rows an hour for ${DAYS} simulated days; retention ${retention.days} days, ` +
      `the newest ${retention.maxRuns?.toLocaleString('en-US')} runs; warm-up ${warmUpDays} days`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-retention-'));
  const clock = manualClock(Date.UTC(2026, 0, 1));
  const store = await openStore({ dataDir: dir }, clock);
  try {
    const workflowId = await addAccountWorkflow(store, 'high');
    const cleaner = new RetentionCleaner({ store, clock, logger: createLogger('silent'), settings: retention });
    const sizeByDay: number[] = [];
    let passMs = 0;
    for (let hour = 1; hour <= DAYS * 24; hour++) {
      await addEndedRuns(store, 'acc', workflowId, ROWS, { batchId: `batch-${hour}`, fileBytes: 1024 });
      clock.advance(HOUR);
      const t0 = performance.now();
      await cleaner.pass();
      passMs += performance.now() - t0;
      if (hour % 24 === 0) {
        const bytes = await databaseBytes(store);
        sizeByDay.push(bytes);
        const executions = (await rowCounts(store)).executions ?? 0;
        const day = hour / 24;
        console.log(
          `  day ${String(day).padStart(2)}: ${(bytes / 1024 / 1024).toFixed(1).padStart(8)} MB, ` +
            `${executions.toLocaleString('en-US')} runs kept${day === warmUpDays ? '  (warm-up over)' : ''}`,
        );
      }
    }
    const steady = sizeByDay.slice(warmUpDays - 1);
    const first = steady[0] ?? sizeByDay.at(-1)!;
    const ratio = Math.max(...steady) / first;
    return [
      {
        name: 'retention: largest day / first day after warm-up',
        value: Math.round(ratio * 1000) / 1000,
        unit: 'x',
        goal: '≤ 1.1 (flat)',
        ok: ratio <= 1.1,
      },
      { name: 'retention: database at the end', value: Math.round(sizeByDay.at(-1)! / 1024 / 1024), unit: 'MB' },
      { name: 'retention: cleaner pass, mean', value: Math.round(passMs / (DAYS * 24)), unit: 'ms' },
    ];
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
