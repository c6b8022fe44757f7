// Requests per minute of a tracking run, from the request times the page reported.

export interface MinuteSummary {
  /** Requests in each whole minute after the start; the last entry may cover less than a minute. */
  perMinute: number[];
  /** Requests in the first minute, which holds the submission itself. */
  firstMinute: number;
  /** Requests per minute from the end of the first minute to the end, or null when the run ended within it. */
  steady: number | null;
  /** The busiest minute after the first, or null when there is none. */
  maxSteadyMinute: number | null;
}

/** Buckets request times (ms) into minutes from `start` to `end`, and sums up the steady part. */
export function summariseMinutes(times: readonly number[], start: number, end: number): MinuteSummary {
  const minutes = Math.max(1, Math.ceil((end - start) / 60_000));
  const perMinute = Array.from({ length: minutes }, () => 0);
  for (const t of times) {
    if (t < start || t > end) continue;
    perMinute[Math.min(minutes - 1, Math.floor((t - start) / 60_000))]! += 1;
  }
  const steadyMs = end - start - 60_000;
  const later = perMinute.slice(1);
  return {
    perMinute,
    firstMinute: perMinute[0]!,
    steady: steadyMs > 0 ? Math.round((later.reduce((a, b) => a + b, 0) / (steadyMs / 60_000)) * 10) / 10 : null,
    maxSteadyMinute: later.length > 0 ? Math.max(...later) : null,
  };
}

/** The most requests inside any 60-s window. */
export function maxInWindow(times: readonly number[], windowMs = 60_000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[j]! <= sorted[i]! - windowMs) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

/**
 * How far the page trailed the service at each sample: the page showed `shown` rows done at `at`;
 * the service had more than that from the moment its (shown + 1)-th execution finished, so the
 * page was `at - finishedAt[shown]` behind (0 when the service had no more than it shows).
 */
export function lagsBehind(samples: readonly { at: number; shown: number }[], finishedAt: readonly number[]): number[] {
  return samples.map(({ at, shown }) => {
    const next = finishedAt[shown];
    return next === undefined || next >= at ? 0 : at - next;
  });
}
