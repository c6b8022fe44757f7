import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SearchIcon } from '@/components/ui/shell-icons';

// The dialog and its search are not part of the first page: they load on the first ⌘K or click
// (or as soon as the pointer or focus reaches the button, so the click rarely waits).
const loadDialog = () => import('./find-dialog');
const FindDialog = lazy(() => loadDialog().then((m) => ({ default: m.FindDialog })));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** A header button and ⌘K / Ctrl+K: paste an execution or workflow id and land on it. */
export function FindById() {
  // How many times the dialog was asked for: each new value opens it again.
  const [request, setRequest] = useState(0);
  const open = () => setRequest((n) => n + 1);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setRequest((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const preload = () => void loadDialog().catch(() => undefined);

  return (
    <>
      <Button
        size="sm"
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        aria-label="Find by id"
        aria-keyshortcuts="Meta+K Control+K"
      >
        <SearchIcon />
        <span className="hidden lg:inline">Find</span>
        <kbd className="hidden rounded border border-zinc-300 px-1 font-sans text-[10px] text-zinc-500 lg:inline dark:border-zinc-600 dark:text-zinc-400">
          {isMac() ? '⌘K' : 'Ctrl K'}
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
