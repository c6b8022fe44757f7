import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionStatus } from '../../../../contract/openapi-document';
import { manualClock } from '../../../clock';
import type { Store } from '../../../store/store';
import { addAccountWorkflow, testStoreHome, type TestStoreHome } from '../../../store/test-support/store-home';
import { formatMicros } from '../../../store/timestamps';
import { computeStats, statsRange, statsSpan, type StatsQuery } from './execution-stats';

const NOW = Date.parse('2026-03-10T12:34:00Z');
let home: TestStoreHome;
let store: Store;
let workflowId: string;

beforeEach(async () => {
  home = await testStoreHome();
  store = await home.open(manualClock(NOW));
  workflowId = await addAccountWorkflow(store, 'medium');
});
afterEach(async () => {
  await home.cleanup();
});

/** An execution created at `createdMs` that ran for `durationMs` (null: never started). */
async function add(
  status: ExecutionStatus,
  createdMs: number,
  durationMs: number | null,
  decision: 'rejected' | null = null,
): Promise<void> {
  const stamp = (ms: number) => formatMicros(ms * 1000);
  await store.kysely
    .insertInto('executions')
    .values({
      id: randomUUID(),
      account_id: 'acc',
      workflow_id: workflowId,
      input: '{}',
      status,
      first_started_at: durationMs === null ? null : stamp(createdMs + 10),
      finished_at: durationMs === null ? null : stamp(createdMs + 10 + durationMs),
      created_at: stamp(createdMs),
      ...(decision === null ? {} : { decision }),
    })
    .execute();
}

async function stats(query: StatsQuery) {
  const range = statsRange(query, NOW);
  const queries = store.executionQueries;
  return computeStats(
    workflowId,
    await queries.bucketCounts(workflowId, statsSpan(range)),
    await queries.durations(workflowId, range.from, range.to),
    range,
  );
}

describe('statsRange', () => {
  it('defaults to the last 7 days in day buckets, and to hours for 2 days or less', () => {
    expect(statsRange({}, NOW)).toMatchObject({
      to: '2026-03-10T12:34:00.000000Z',
      from: '2026-03-03T12:34:00.000000Z',
      bucket: 'day',
      tzOffsetMinutes: 0,
    });
    expect(statsRange({ from: '2026-03-09T12:34:00Z' }, NOW).bucket).toBe('hour');
  });
});

describe('computeStats over the store', () => {
  it('puts runs in local-day buckets, counts the success rate and reads durations', async () => {
    await add('finished', Date.parse('2026-03-08T10:00:00Z'), 1000);
    // 23:30 UTC on the 8th is the 9th at UTC+1.
    await add('error', Date.parse('2026-03-08T23:30:00Z'), 3000);
    await add('finished', Date.parse('2026-03-09T10:00:00Z'), 2000);
    await add('processing', Date.parse('2026-03-10T11:00:00Z'), null);
    await add('finished', Date.parse('2026-03-01T10:00:00Z'), 5);
    const result = await stats({ from: '2026-03-08T00:00:00+01:00', bucket: 'day', tz_offset_minutes: 60 });
    expect(result.buckets.map((b) => b.start)).toEqual([
      '2026-03-07T23:00:00.000000Z',
      '2026-03-08T23:00:00.000000Z',
      '2026-03-09T23:00:00.000000Z',
    ]);
    expect(result.buckets.map((b) => [b.counts.finished, b.counts.error, b.counts.processing])).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [0, 0, 1],
    ]);
    expect(result.total).toBe(4);
    expect(result.success_rate).toBeCloseTo(2 / 3);
    expect(result.duration).toMatchObject({ count: 3, p50_ms: 2000, p95_ms: 3000, max_ms: 3000 });
  });

  it('leaves rejected runs out of the success rate and counts them apart', async () => {
    await add('finished', NOW - 5_000, 1000);
    await add('error', NOW - 4_000, 1000);
    await add('error', NOW - 3_000, 1000, 'rejected');
    await add('error', NOW - 2_000, 1000, 'rejected');
    const result = await stats({});
    expect(result.counts.error).toBe(3);
    expect(result.rejected).toBe(2);
    expect(result.success_rate).toBe(0.5);
  });

  it('bins durations in round widths from 0 past the longest, counting each once', async () => {
    for (let i = 0; i < 100; i++) await add('finished', NOW - 1000 * (i + 1), (i + 1) * 37);
    const { duration } = await stats({});
    expect(duration.p50_ms).toBe(50 * 37);
    expect(duration.p95_ms).toBe(95 * 37);
    expect(new Set(duration.histogram.map((bin) => bin.to_ms - bin.from_ms))).toEqual(new Set([500]));
    expect(duration.histogram[0]!.from_ms).toBe(0);
    expect(duration.histogram.at(-1)!.to_ms).toBeGreaterThan(3700);
    expect(duration.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(100);
  });

  it('counts an hour bucket at a half-hour offset from its first minute', async () => {
    await add('finished', Date.parse('2026-03-10T11:29:59.999Z'), 1);
    await add('finished', Date.parse('2026-03-10T11:30:00Z'), 1);
    const result = await stats({ from: '2026-03-10T10:00:00Z', bucket: 'hour', tz_offset_minutes: 330 });
    expect(result.buckets.map((b) => [b.start.slice(11, 16), b.counts.finished])).toEqual([
      ['09:30', 0],
      ['10:30', 1],
      ['11:30', 1],
      ['12:30', 0],
    ]);
  });
});
