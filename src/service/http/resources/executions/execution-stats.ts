import type { Schemas } from '../../../../contract/openapi-document';
import type { BucketCount, StatsSpan } from '../../../store/executions/queries';
import { formatMicros, normalizeTimestamp } from '../../../store/timestamps';
import { badRequest } from '../../plugins/errors';

export type ExecutionStats = Schemas['ExecutionStats'];
type StatusCounts = Schemas['ExecutionStatusCounts'];
type Bucket = ExecutionStats['bucket'];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_RANGE_MS = 7 * DAY_MS;
const MAX_BUCKETS = 2000;
const HISTOGRAM_BINS = 16;

export interface StatsQuery {
  from?: string;
  to?: string;
  bucket?: Bucket;
  tz_offset_minutes?: number;
}

/** A validated range: stored-form bounds for the query, and the bucket grid. */
interface StatsRange {
  from: string;
  to: string;
  fromMs: number;
  toMs: number;
  bucket: Bucket;
  tzOffsetMinutes: number;
}

const millis = (stored: string) => Date.parse(`${stored.slice(0, 23)}Z`);
const stored = (ms: number) => formatMicros(ms * 1000);

function bound(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const normalized = normalizeTimestamp(value);
  if (normalized === null) throw badRequest(`${name} must be a date-time such as 2026-01-31T00:00:00Z`);
  return millis(normalized);
}

/** Reads from, to, bucket and tz_offset_minutes with their defaults; 400 for a range that makes no sense. */
export function statsRange(query: StatsQuery, nowMs: number): StatsRange {
  const toMs = bound('to', query.to, nowMs);
  const fromMs = bound('from', query.from, toMs - DEFAULT_RANGE_MS);
  if (fromMs >= toMs) throw badRequest('from must be before to');
  const bucket = query.bucket ?? (toMs - fromMs <= 2 * DAY_MS ? 'hour' : 'day');
  const tzOffsetMinutes = query.tz_offset_minutes ?? 0;
  const range = { from: stored(fromMs), to: stored(toMs), fromMs, toMs, bucket, tzOffsetMinutes };
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const count = Math.ceil((toMs - bucketStart(fromMs, range)) / size);
  if (count > MAX_BUCKETS) {
    throw badRequest(
      `the range holds ${count} ${bucket} buckets, at most ${MAX_BUCKETS}: pick a shorter range or day buckets`,
    );
  }
  return range;
}

function bucketStart(ms: number, range: Pick<StatsRange, 'bucket' | 'tzOffsetMinutes'>): number {
  const size = range.bucket === 'hour' ? HOUR_MS : DAY_MS;
  const offset = range.tzOffsetMinutes * 60_000;
  return Math.floor((ms + offset) / size) * size - offset;
}

function bucketStarts(range: Omit<StatsRange, 'from' | 'to'>): number[] {
  const size = range.bucket === 'hour' ? HOUR_MS : DAY_MS;
  const starts: number[] = [];
  for (let start = bucketStart(range.fromMs, range); start < range.toMs; start += size) {
    starts.push(start);
  }
  return starts;
}

const emptyCounts = (): StatusCounts => ({ initial: 0, processing: 0, human_in_the_loop: 0, finished: 0, error: 0 });

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** A round bin width (1, 2 or 5 times a power of ten, in ms) that covers `max` in about HISTOGRAM_BINS bins. */
function binWidth(max: number): number {
  const raw = Math.max(1, max / HISTOGRAM_BINS);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw)!;
  return step * power;
}

function histogram(sorted: readonly number[]): ExecutionStats['duration']['histogram'] {
  if (sorted.length === 0) return [];
  const width = binWidth(sorted[sorted.length - 1]!);
  const bins = Math.floor(sorted[sorted.length - 1]! / width) + 1;
  const counts = new Array<number>(bins).fill(0);
  for (const value of sorted) counts[Math.floor(value / width)]! += 1;
  return counts.map((count, i) => ({ from_ms: i * width, to_ms: (i + 1) * width, count }));
}

/** The bucket grid of a range as the store counts it. */
export function statsSpan(range: StatsRange): StatsSpan {
  return {
    from: range.from,
    to: range.to,
    bucketMs: range.bucket === 'hour' ? HOUR_MS : DAY_MS,
    offsetMs: range.tzOffsetMinutes * 60_000,
  };
}

/**
 * The figures of one range: `bucketCounts` per status and bucket number (epoch ms plus the offset,
 * divided by the bucket size), `sortedDurations` shortest first.
 */
export function computeStats(
  workflowId: string,
  bucketCounts: readonly BucketCount[],
  sortedDurations: readonly number[],
  range: StatsRange,
): ExecutionStats {
  const starts = bucketStarts(range);
  const buckets = starts.map((start) => ({ start: stored(start), counts: emptyCounts() }));
  const { bucketMs, offsetMs } = statsSpan(range);
  const firstBucket = Math.round((starts[0]! + offsetMs) / bucketMs);
  const counts = emptyCounts();
  let total = 0;
  let rejected = 0;
  for (const { status, bucket, n, rejected: decided } of bucketCounts) {
    counts[status] += n;
    total += n;
    if (decided) rejected += n;
    const slot = buckets[bucket - firstBucket];
    if (slot) slot.counts[status] += n;
  }
  const durations = sortedDurations.map((ms) => Math.max(0, ms));
  // A rejection is a reviewer's decision, not a failure: the rate leaves it out.
  const ended = counts.finished + counts.error - rejected;
  return {
    workflow_id: workflowId,
    from: range.from,
    to: range.to,
    bucket: range.bucket,
    tz_offset_minutes: range.tzOffsetMinutes,
    total,
    counts,
    rejected,
    success_rate: ended === 0 ? null : counts.finished / ended,
    buckets,
    duration: {
      count: durations.length,
      p50_ms: percentile(durations, 0.5),
      p95_ms: percentile(durations, 0.95),
      max_ms: durations.length > 0 ? durations[durations.length - 1]! : null,
      histogram: histogram(durations),
    },
  };
}
