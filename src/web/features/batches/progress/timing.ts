/** Rows per ms over the recent samples (the last `windowMs`), or null before there is a trend. */
export function recentRate(samples: readonly [number, number][], now: number, windowMs = 120_000): number | null {
  if (samples.length < 2) return null;
  const last = samples[samples.length - 1]!;
  const first = samples.find(([t]) => t >= now - windowMs && t < last[0]) ?? samples[samples.length - 2]!;
  const dt = last[0] - first[0];
  const dn = last[1] - first[1];
  return dt > 0 && dn > 0 ? dn / dt : null;
}

/** Milliseconds until `remaining` rows are done at the recent rate; null when unknown. */
export function etaMs(samples: readonly [number, number][], remaining: number, now: number): number | null {
  if (remaining <= 0) return 0;
  const rate = recentRate(samples, now);
  return rate === null ? null : remaining / rate;
}

/** "3 h 05 min", "12 min", "40 s". */
export function formatSpan(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/**
 * The "Time left" figure. After a stop whose queued runs the server cancelled, the rows still
 * counted as open have mostly ended already (they show up as the tracker reads them), so the pace
 * of the runs before the stop would promise minutes that never come.
 */
export function timeLeftText({
  eta,
  offline,
  cancelledOnServer,
}: {
  eta: number | null;
  offline: boolean;
  cancelledOnServer: boolean;
}): string {
  if (eta === 0) return '—';
  if (offline) return 'paused while the server is not answering';
  if (cancelledOnServer) return 'finishing the stop';
  return eta === null ? 'estimating…' : `about ${formatSpan(eta)}`;
}
