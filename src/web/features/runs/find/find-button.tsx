import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/shell-icons';
import { findShortcutLabel } from './shortcut-label';

// The dialog and its search are not part of the first page: they load on the first ⌘K or click
// (or as soon as the pointer or focus reaches the button, so the click rarely waits).
const loadDialog = () => import('./find-dialog');
const FindDialog = lazy(() => loadDialog().then((m) => ({ default: m.FindDialog })));

// ⌘K is heard from the moment this module loads, not from when the header mounts: a press made
// while the page is still starting (the route and the header render a moment after `load`) opens
// the dialog once the button is there, instead of being lost.
const STARTING_MS = 10_000;
let requests = 0;
let unheardPressAt = -Infinity;
const requestListeners = new Set<() => void>();
const isFindShortcut = (event: KeyboardEvent) => (event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k';
if (typeof window !== 'undefined') {
  window.addEventListener('keydown', (event) => {
    if (!isFindShortcut(event)) return;
    if (requestListeners.size === 0) {
      // Later, with no Find button shown (not connected), the browser keeps its own ⌘K.
      if (performance.now() > STARTING_MS) return;
      unheardPressAt = performance.now();
    }
    event.preventDefault();
    askToFind();
  });
}
/** Counts one more request for the dialog (a press or a click); each new count opens it again. */
function askToFind(): void {
  requests += 1;
  for (const listener of requestListeners) listener();
}
const subscribeToRequests = (listener: () => void) => {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
};
let aButtonHasMounted = false;
/** A press made while the page was starting, before any Find button was there to hear it. */
const unheardPresses = () => (!aButtonHasMounted && performance.now() - unheardPressAt < STARTING_MS ? 1 : 0);

/** A header button and ⌘K / Ctrl+K: find a run or workflow by name, id or link, and open it. */
export function FindById() {
  const requestCount = useSyncExternalStore(
    subscribeToRequests,
    () => requests,
    () => 0,
  );
  // Requests made before this button mounted are not its own, except a press while the page started.
  const [requestsBefore] = useState(() => requests - unheardPresses());
  useEffect(() => {
    aButtonHasMounted = true;
  }, []);
  const request = requestCount - requestsBefore;
  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <Button
        size="sm"
        onClick={askToFind}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label="Find a run or workflow"
        aria-keyshortcuts="Meta+K Control+K"
      >
        <SearchIcon />
        <span className="hidden lg:inline">Find</span>
        <kbd className="hidden rounded border border-zinc-300 px-1 font-sans text-[10px] text-zinc-500 lg:inline dark:border-zinc-600 dark:text-zinc-400">
          {findShortcutLabel()}
        </kbd>
      </Button>
      {request > 0 && (
        <Suspense fallback={null}>
          <FindDialog request={request} />
        </Suspense>
      )}
    </>
  );
}
