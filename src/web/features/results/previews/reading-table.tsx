import { Spinner } from '@/components/ui/button';

/** Shown while the table viewer's code loads and then while it parses the file. */
export function ReadingTable() {
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-lg bg-zinc-50 p-4 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
    >
      <Spinner /> Reading the table…
    </div>
  );
}
