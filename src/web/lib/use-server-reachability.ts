import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getServerReachability, type Reachability } from './server-reachability';

export function useServerReachability(): Reachability {
  const r = getServerReachability();
  return useSyncExternalStore(r.subscribe, r.getSnapshot);
}

/** Whole seconds until `at`, ticking every second while there is one; null when `at` is null. */
export function useSecondsUntil(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Runs `onRecovered` each time an outage ends (kept current without resubscribing). */
export function useOnServerRecovered(onRecovered: () => void): void {
  const latestRef = useRef(onRecovered);
  useEffect(() => {
    latestRef.current = onRecovered;
  });
  useEffect(() => getServerReachability().onRecovered(() => latestRef.current()), []);
}

/** Keeps an idle page probing now and then, so an outage shows without waiting for its next request. */
export function useServerWatch(): void {
  useEffect(() => getServerReachability().watch(), []);
}
