import { useServerReachability } from '@/lib/use-server-reachability';

/**
 * Said in a loading placeholder while the server is not answering: grey boxes alone would look like
 * a slow page, when nothing will load until the server is back.
 */
export function NotAnsweringNote() {
  const { down } = useServerReachability();
  if (!down) return null;
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
      The server is not answering, so this cannot load yet. It loads by itself as soon as the server answers.
    </p>
  );
}
