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
