import { useSyncExternalStore } from 'react';

/** Whether the window is narrower than `width` (a CSS length); follows resizes. */
export function useNarrower(width: string): boolean {
  const query = `(width < ${width})`;
  return useSyncExternalStore(
    (changed) => {
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => matchMedia(query).matches,
  );
}
