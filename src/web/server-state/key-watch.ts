import { useEffect, useSyncExternalStore } from 'react';
import { getApiClient, useActiveProfile } from '@/api/active-client';
import { keyStatus, type KeyRefusal } from '@/api/key-status';

/** A key revoked elsewhere is noticed within this long while the tab is in view. */
export const KEY_CHECK_MS = 5_000;

/** The server's refusal of the active profile's key, or null while it takes it. */
export function useKeyRefusal(): KeyRefusal | null {
  const refusal = useSyncExternalStore(keyStatus.subscribe, keyStatus.getSnapshot, keyStatus.getSnapshot);
  const { apiKey } = useActiveProfile();
  return refusal !== null && refusal.key === apiKey ? refusal : null;
}

/**
 * Notices a key revoked in another browser within 5 s: while the tab is visible, the key is
 * checked (one workflow, background priority) whenever no call was answered for 5 s, so pages
 * that already poll add nearly nothing. Stops once the key is refused; a new key starts it again.
 */
export function useKeyWatch(): void {
  const refusal = useKeyRefusal();
  const { apiKey } = useActiveProfile();
  const watching = refusal === null && apiKey !== '';
  useEffect(() => {
    if (!watching) return;
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - keyStatus.lastAnswerAt() < KEY_CHECK_MS - 1_000) return;
      // Outages and rate limits are told elsewhere; only the answer matters here (it reaches keyStatus).
      getApiClient()
        .listWorkflows({ limit: 1 }, { priority: 'background' })
        .catch(() => undefined);
    };
    const timer = setInterval(check, 1_000);
    return () => clearInterval(timer);
  }, [watching]);
}
