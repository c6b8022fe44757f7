import { useEffect, useSyncExternalStore } from 'react';
import { getApiClient, useActiveProfile } from '@/api/active-client';
import { keyStatus, type KeyRefusal } from '@/api/key-status';
import { getServerReachability } from '@/lib/server-reachability';
import { startKeyCheckTimer, type KeyCheckEnv } from './key-check-timer';

/** The server's refusal of the active profile's key, or null while it takes it. */
export function useKeyRefusal(): KeyRefusal | null {
  const refusal = useSyncExternalStore(keyStatus.subscribe, keyStatus.getSnapshot, keyStatus.getSnapshot);
  const { apiKey } = useActiveProfile();
  return refusal !== null && refusal.key === apiKey ? refusal : null;
}

const browserEnv: KeyCheckEnv = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  visible: () => document.visibilityState === 'visible',
  lastKeyedAnswerAt: () => getServerReachability().lastKeyedAnswerAt,
  // Outages and rate limits are told elsewhere; only the answer matters here (it reaches keyStatus).
  check: () =>
    void getApiClient()
      .listWorkflows({ limit: 1 }, { priority: 'background' })
      .catch(() => undefined),
  onReturn: (fn) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') fn();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', fn);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', fn);
    };
  },
};

/**
 * Notices a key revoked in another browser without spending the key's budget on an idle page: the
 * page's own requests tell at once, and key-check-timer.ts fills the silences (a person's return to
 * the tab, a page quiet for 45 s). Stops once the key is refused; a new key starts it again.
 */
export function useKeyWatch(): void {
  const refusal = useKeyRefusal();
  const { apiKey } = useActiveProfile();
  const watching = refusal === null && apiKey !== '';
  useEffect(() => {
    if (!watching) return;
    return startKeyCheckTimer(browserEnv);
  }, [watching]);
}
