import { describe, expect, it } from 'vitest';
import type { StatsRow } from '../store/execution-queries';
import { computeStats, statsRange } from './execution-stats';

const NOW = Date.parse('2026-03-10T12:34:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z');

function row(status: StatsRow['status'], createdMs: number, durationMs: number | null): StatsRow {
  return {
    status,
    created_at: iso(createdMs),
    first_started_at: durationMs === null ? null : iso(createdMs + 10),
    finished_at: durationMs === null ? null : iso(createdMs + 10 + durationMs),
  };
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

describe('computeStats', () => {
  it('puts runs in local-day buckets, counts the success rate and reads durations', () => {
    const range = statsRange({ from: '2026-03-08T00:00:00+01:00', bucket: 'day', tz_offset_minutes: 60 }, NOW);
    const day = (d: number, h: number) => Date.parse(`2026-03-${String(d).padStart(2, '0')}T${h}:00:00Z`);
    const rows = [
      row('finished', day(8, 10), 1000),
      // 23:30 UTC on the 8th is the 9th at UTC+1.
      row('error', Date.parse('2026-03-08T23:30:00Z'), 3000),
      row('finished', day(9, 10), 2000),
      row('processing', day(10, 11), null),
    ];
    const stats = computeStats('w', rows, range);
    expect(stats.buckets.map((b) => b.start)).toEqual([
      '2026-03-07T23:00:00.000000Z',
      '2026-03-08T23:00:00.000000Z',
      '2026-03-09T23:00:00.000000Z',
    ]);
    expect(stats.buckets.map((b) => [b.counts.finished, b.counts.error, b.counts.processing])).toEqual([
      [1, 0, 0],
      [1, 1, 0],
      [0, 0, 1],
    ]);
    expect(stats.success_rate).toBeCloseTo(2 / 3);
    expect(stats.duration).toMatchObject({ count: 3, p50_ms: 2000, p95_ms: 3000, max_ms: 3000 });
  });

  it('bins durations in round widths from 0 past the longest, counting each once', () => {
    const range = statsRange({}, NOW);
    const rows = Array.from({ length: 100 }, (_, i) => row('finished', NOW - 1000 * (i + 1), (i + 1) * 37));
    const { duration } = computeStats('w', rows, range);
    expect(duration.p50_ms).toBe(50 * 37);
    expect(duration.p95_ms).toBe(95 * 37);
    const widths = new Set(duration.histogram.map((bin) => bin.to_ms - bin.from_ms));
    expect(widths).toEqual(new Set([500]));
    expect(duration.histogram[0]!.from_ms).toBe(0);
    expect(duration.histogram.at(-1)!.to_ms).toBeGreaterThan(3700);
    expect(duration.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(100);
  });
});
