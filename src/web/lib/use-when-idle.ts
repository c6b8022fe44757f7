import { useEffect, useState } from 'react';

/** True once `delayMs` have passed and the browser is idle: for background work the first paint must not wait on. */
export function useWhenIdle(delayMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let handle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        handle = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      else setIdle(true);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (handle !== undefined) cancelIdleCallback(handle);
    };
  }, [delayMs]);
  return idle;
}
