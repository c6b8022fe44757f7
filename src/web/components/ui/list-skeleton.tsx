import { NotAnsweringNote } from './not-answering-note';

/** Placeholder rows for a list page while its first page loads. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-3">
      <NotAnsweringNote />
      <ListSkeletonRows label={label} />
    </div>
  );
}

function ListSkeletonRows({ label }: { label: string }) {
  return (
    <div className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      <span className="sr-only">{label}…</span>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-2 px-5 py-4" aria-hidden="true">
          <div className="h-4 w-48 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
          <div className="h-3 w-80 max-w-full animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/70" />
          <div className="h-3 w-32 animate-pulse rounded bg-zinc-100 dark:bg-zinc-800/70" />
        </div>
      ))}
    </div>
  );
}
