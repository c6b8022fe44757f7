import { describe, expect, it } from 'vitest';
import { figuresFromRuns, figuresFromStats, formatPercent, healthWindow, type HealthRun } from './health-figures';

const NOW = Date.parse('2026-03-10T12:34:10Z');
const at = (iso: string, status: HealthRun['status'] = 'finished', durationMs?: number): HealthRun => {
  const created = Date.parse(iso);
  return {
    status,
    created_at: iso,
    ...(durationMs === undefined
      ? {}
      : {
          started_at: new Date(created + 100).toISOString(),
          finished_at: new Date(created + 100 + durationMs).toISOString(),
        }),
  };
};

describe('healthWindow', () => {
  it('ends at the next whole minute, in hours up to a day and in days beyond', () => {
    expect(healthWindow('24h', NOW, 0)).toEqual({
      fromMs: Date.parse('2026-03-09T12:35:00Z'),
      toMs: Date.parse('2026-03-10T12:35:00Z'),
      bucket: 'hour',
      tzOffsetMinutes: 0,
    });
    expect(healthWindow('7d', NOW, 60).bucket).toBe('day');
  });
});

describe('figuresFromRuns', () => {
  it('counts the runs in the window by local day and status, leaving out the rest', () => {
    const window = healthWindow('7d', NOW, 120);
    const figures = figuresFromRuns(
      [
        at('2026-03-10T08:00:00Z', 'finished', 1200),
        // 22:30 UTC on the 9th is the 10th at UTC+2.
        at('2026-03-09T22:30:00Z', 'error', 300),
        at('2026-03-09T21:30:00Z', 'finished', 900),
        at('2026-03-10T12:00:00Z', 'processing'),
        at('2026-02-01T00:00:00Z', 'error', 5),
      ],
      window,
    );
    expect(figures.source).toBe('pages');
    expect(figures.total).toBe(4);
    expect(figures.counts).toEqual({ initial: 0, processing: 1, human_in_the_loop: 0, finished: 2, error: 1 });
    expect(figures.successRate).toBeCloseTo(2 / 3);
    const last = figures.buckets.at(-1)!;
    expect(new Date(last.startMs).toISOString()).toBe('2026-03-09T22:00:00.000Z');
    expect(last.counts).toMatchObject({ finished: 1, error: 1, processing: 1 });
    expect(figures.buckets.at(-2)!.counts.finished).toBe(1);
    expect(figures.duration).toMatchObject({ count: 3, p50: 900, p95: 1200, max: 1200 });
    expect(figures.duration.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(3);
  });

  it('has no success rate and no durations when nothing ended', () => {
    const figures = figuresFromRuns([at('2026-03-10T12:00:00Z', 'initial')], healthWindow('1h', NOW, 0));
    expect(figures).toMatchObject({ total: 1, successRate: null, duration: { count: 0, p50: null, histogram: [] } });
  });

  it('leaves a rejected run out of the success rate: a reviewer’s decision is not a failure', () => {
    const figures = figuresFromRuns(
      [
        at('2026-03-10T12:00:00Z', 'finished'),
        { ...at('2026-03-10T12:01:00Z', 'error'), error: 'amount must not be negative' },
        { ...at('2026-03-10T12:02:00Z', 'error'), id: 'r3', error: 'Rejected by Sam: too long' },
      ],
      healthWindow('1h', NOW, 0),
    );
    expect(figures).toMatchObject({ total: 3, rejected: 1, successRate: 0.5 });
  });
});

describe('figuresFromStats', () => {
  it("reads the stats extension's answer", () => {
    const counts = { initial: 0, processing: 0, human_in_the_loop: 0, finished: 9, error: 1 };
    const figures = figuresFromStats({
      workflow_id: 'w',
      from: '2026-03-09T00:00:00.000000Z',
      to: '2026-03-10T00:00:00.000000Z',
      bucket: 'day',
      tz_offset_minutes: 0,
      total: 10,
      counts,
      success_rate: 0.9,
      buckets: [{ start: '2026-03-09T00:00:00.000000Z', counts }],
      duration: { count: 10, p50_ms: 40, p95_ms: 90, max_ms: 95, histogram: [{ from_ms: 0, to_ms: 100, count: 10 }] },
    });
    expect(figures).toMatchObject({
      source: 'server',
      total: 10,
      successRate: 0.9,
      buckets: [{ startMs: Date.parse('2026-03-09T00:00:00Z'), counts }],
      duration: { p50: 40, p95: 90, max: 95, histogram: [{ fromMs: 0, toMs: 100, count: 10 }] },
    });
  });
});

describe('formatting', () => {
  it('shows rates with one decimal unless whole', () => {
    expect([1, 0, 0.9876].map(formatPercent)).toEqual(['100%', '0%', '98.8%']);
  });
});
