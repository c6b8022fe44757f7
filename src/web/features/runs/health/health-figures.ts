import type { ExecutionStatus, Schemas } from '@contract/openapi-document';
import { parseRejection, rejectionOf } from '@/features/runs/rejections';

/** The ranges a person can pick; the same names as the runs list's range filter. */
export const HEALTH_RANGES = ['1h', '24h', '7d', '30d'] as const;
export type HealthRange = (typeof HEALTH_RANGES)[number];

export const HEALTH_RANGE_LABELS: Record<HealthRange, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RANGE_MS: Record<HealthRange, number> = { '1h': HOUR_MS, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS };

export type Bucket = 'hour' | 'day';
type StatusCounts = Record<ExecutionStatus, number>;

/** What the panel needs of a run read from a list page. */
export interface HealthRun {
  id?: string;
  status: ExecutionStatus;
  created_at: string;
  /** The failure message, where the list carries it: a rejection is told by it. */
  error?: string;
  started_at?: string;
  finished_at?: string;
}

export interface HealthWindow {
  fromMs: number;
  toMs: number;
  bucket: Bucket;
  /** Minutes east of UTC, so day buckets start at the viewer's midnight. */
  tzOffsetMinutes: number;
}

interface HistogramBin {
  fromMs: number;
  toMs: number;
  count: number;
}

/** The panel's figures, whichever way they were made. */
export interface HealthFigures {
  /** `server`: the stats extension counted every run; `pages`: counted from the runs read so far. */
  source: 'server' | 'pages';
  bucket: Bucket;
  buckets: { startMs: number; counts: StatusCounts }[];
  counts: StatusCounts;
  total: number;
  /** finished / (finished + error − rejected), or null when none ended. */
  successRate: number | null;
  /** Errors a reviewer rejected: a decision, not a failure, so the rate leaves them out. */
  rejected: number;
  duration: { count: number; p50: number | null; p95: number | null; max: number | null; histogram: HistogramBin[] };
}

/**
 * The range ending now (rounded up to the minute, so a query key holds for a minute), in hour
 * buckets up to a day and day buckets beyond.
 */
export function healthWindow(range: HealthRange, nowMs: number, tzOffsetMinutes: number): HealthWindow {
  const toMs = Math.ceil(nowMs / 60_000) * 60_000;
  return {
    fromMs: toMs - RANGE_MS[range],
    toMs,
    bucket: RANGE_MS[range] <= DAY_MS ? 'hour' : 'day',
    tzOffsetMinutes,
  };
}

const emptyCounts = (): StatusCounts => ({
  initial: 0,
  processing: 0,
  human_in_the_loop: 0,
  finished: 0,
  error: 0,
});

const bucketSize = (bucket: Bucket) => (bucket === 'hour' ? HOUR_MS : DAY_MS);

function bucketStarts(window: HealthWindow): number[] {
  const size = bucketSize(window.bucket);
  const offset = window.tzOffsetMinutes * 60_000;
  const starts: number[] = [];
  for (let start = Math.floor((window.fromMs + offset) / size) * size - offset; start < window.toMs; start += size) {
    starts.push(start);
  }
  return starts;
}

/** Nearest-rank percentile of sorted values, as the service computes it. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Round-width bins (1, 2 or 5 × 10ⁿ ms) from 0 past the longest, about 16 of them, like the service's. */
function histogram(sorted: readonly number[]): HistogramBin[] {
  if (sorted.length === 0) return [];
  const max = sorted[sorted.length - 1]!;
  const raw = Math.max(1, max / 16);
  const power = 10 ** Math.floor(Math.log10(raw));
  const width = [1, 2, 5, 10].find((m) => m * power >= raw)! * power;
  const counts = new Array<number>(Math.floor(max / width) + 1).fill(0);
  for (const value of sorted) counts[Math.floor(value / width)]! += 1;
  return counts.map((count, i) => ({ fromMs: i * width, toMs: (i + 1) * width, count }));
}

/** The figures of the runs read so far that fall in the window (on servers without the stats extension). */
export function figuresFromRuns(runs: readonly HealthRun[], window: HealthWindow): HealthFigures {
  const starts = bucketStarts(window);
  const buckets = starts.map((startMs) => ({ startMs, counts: emptyCounts() }));
  const size = bucketSize(window.bucket);
  const counts = emptyCounts();
  const durations: number[] = [];
  let total = 0;
  let rejected = 0;
  for (const run of runs) {
    const created = Date.parse(run.created_at);
    if (!(created >= window.fromMs && created < window.toMs)) continue;
    total += 1;
    if (run.status === 'error' && isRejection(run)) rejected += 1;
    counts[run.status] += 1;
    const bucket = buckets[Math.floor((created - starts[0]!) / size)];
    if (bucket) bucket.counts[run.status] += 1;
    if (run.started_at && run.finished_at) {
      const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
      if (Number.isFinite(ms)) durations.push(Math.max(0, ms));
    }
  }
  durations.sort((a, b) => a - b);
  return {
    source: 'pages',
    bucket: window.bucket,
    buckets,
    counts,
    total,
    successRate:
      counts.finished + counts.error - rejected === 0
        ? null
        : counts.finished / (counts.finished + counts.error - rejected),
    rejected,
    duration: {
      count: durations.length,
      p50: percentile(durations, 0.5),
      p95: percentile(durations, 0.95),
      max: durations.at(-1) ?? null,
      histogram: histogram(durations),
    },
  };
}

/** The stats extension's answer in the panel's terms. */
export function figuresFromStats(stats: Schemas['ExecutionStats']): HealthFigures {
  return {
    source: 'server',
    bucket: stats.bucket,
    buckets: stats.buckets.map((b) => ({ startMs: Date.parse(b.start), counts: b.counts })),
    counts: stats.counts,
    total: stats.total,
    successRate: stats.success_rate,
    rejected: stats.rejected ?? 0,
    duration: {
      count: stats.duration.count,
      p50: stats.duration.p50_ms,
      p95: stats.duration.p95_ms,
      max: stats.duration.max_ms,
      histogram: stats.duration.histogram.map((bin) => ({ fromMs: bin.from_ms, toMs: bin.to_ms, count: bin.count })),
    },
  };
}

export const formatPercent = (rate: number): string =>
  `${rate === 1 || rate === 0 ? rate * 100 : (rate * 100).toFixed(1)}%`;

/** A rejection the list's error text or this browser's own decision tells of. */
const isRejection = (run: HealthRun): boolean =>
  run.id === undefined
    ? parseRejection(run.error) !== null
    : rejectionOf({ id: run.id, status: run.status }, run.error) !== null;
