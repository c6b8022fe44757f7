/**
 * The dashboard's one retry policy. The rule: a 429 is waited out by the request scheduler alone
 * (rate-limit-hold.ts honours Retry-After and RateLimit-*, scheduler.ts resends up to 4 times), so
 * everything above it — React Query, pollers, the execution watcher, the batch tracker — takes a
 * RateLimitedError as final and retries only what may pass on a later try (transport failures,
 * 5xx) with `errorBackoff`.
 */
import { getServerReachability } from '@/lib/server-reachability';
import { NetworkError, RateLimitedError, isAbortError, isApiError } from './errors';

/** Upper bound of the backoff: a page checks at least once a minute while failing. */
const MAX_BACKOFF_MS = 60_000;
const FIRST_BACKOFF_MS = 2_000;

/**
 * Delay after `failures` failed tries in a row: doubling from 2 s up to 60 s, with full jitter
 * over the upper half so many open pages do not retry in step.
 */
export function errorBackoff(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Whether React Query should try a failed query again (after `failureCount` failures). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isAbortError(error)) return false;
  // The scheduler has already waited out this 429 as long as the policy allows.
  if (error instanceof RateLimitedError) return false;
  if (isApiError(error) && !error.retryable) return false;
  // While the server is known to be down its probe asks for everyone; the page refetches when it answers.
  if (error instanceof NetworkError && getServerReachability().getSnapshot().down) return false;
  return failureCount < 2;
}
