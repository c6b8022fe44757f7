import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isTypingTarget, sequenceMatcher } from './hotkeys';

/** Global keys: "g w" opens the workflows; "/" focuses the page's filter box (marked data-filter-input). */
export function useGlobalHotkeys(): void {
  const router = useRouter();
  useEffect(() => {
    const matcher = sequenceMatcher({ 'g w': 'workflows', 'g s': 'settings', 'g n': 'new' });
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target))
        return;
      if (event.key === '/') {
        const filter = document.querySelector<HTMLInputElement>('[data-filter-input]');
        if (filter) {
          event.preventDefault();
          filter.focus();
          filter.select();
        }
        return;
      }
      const hit = matcher.push(event.key.toLowerCase(), event.timeStamp);
      if (hit === 'workflows') void router.navigate({ to: '/workflows' });
      if (hit === 'settings') void router.navigate({ to: '/settings' });
      if (hit === 'new') void router.navigate({ to: '/workflows/new' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [router]);
}
