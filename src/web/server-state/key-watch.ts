import { useEffect, useSyncExternalStore } from 'react';
import { getApiClient, useActiveProfile } from '@/api/active-client';
import { keyStatus, type KeyRefusal } from '@/api/key-status';

/** A key revoked elsewhere is noticed within this long while the tab is in view. */
const KEY_CHECK_MS = 5_000;
/**
 * A check goes out once no call was answered for this long, looked at every TICK_MS: the answer
 * then lands within KEY_CHECK_MS even with a slow request. At most about 17 checks a minute, and
 * none on a page whose own polling keeps answers coming.
 */
const TICK_MS = 500;
const QUIET_MS = KEY_CHECK_MS - 1_500;

/** The server's refusal of the active profile's key, or null while it takes it. */
export function useKeyRefusal(): KeyRefusal | null {
  const refusal = useSyncExternalStore(keyStatus.subscribe, keyStatus.getSnapshot, keyStatus.getSnapshot);
  const { apiKey } = useActiveProfile();
  return refusal !== null && refusal.key === apiKey ? refusal : null;
}

/**
 * Notices a key revoked in another browser within 5 s: while the tab is visible, the key is
 * checked (one workflow, background priority) whenever no call was answered for 3.5 s, so pages
 * that already poll add little. Stops once the key is refused; a new key starts it again.
 */
export function useKeyWatch(): void {
  const refusal = useKeyRefusal();
  const { apiKey } = useActiveProfile();
  const watching = refusal === null && apiKey !== '';
  useEffect(() => {
    if (!watching) return;
    // The page's own first requests are answers enough: the quiet time counts from now at the earliest.
    const since = Date.now();
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - Math.max(keyStatus.lastAnswerAt(), since) < QUIET_MS) return;
      // Outages and rate limits are told elsewhere; only the answer matters here (it reaches keyStatus).
      getApiClient()
        .listWorkflows({ limit: 1 }, { priority: 'background' })
        .catch(() => undefined);
    };
    const timer = setInterval(check, TICK_MS);
    return () => clearInterval(timer);
  }, [watching]);
}
