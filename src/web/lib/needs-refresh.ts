import { LIMITS } from '@contract/limits';

/** Links live one hour; refreshing five minutes early leaves time to click and download. */
export const LINK_MAX_AGE_MS = LIMITS.downloadLinkSeconds * 1000 - 5 * 60 * 1000;

/** True when links fetched at fetchedAt (ms epoch) may expire soon, or when fetchedAt is unknown. */
export function needsRefresh(fetchedAt: number, now: number = Date.now(), maxAgeMs: number = LINK_MAX_AGE_MS): boolean {
  if (!Number.isFinite(fetchedAt) || fetchedAt <= 0) return true;
  return now - fetchedAt >= maxAgeMs;
}
