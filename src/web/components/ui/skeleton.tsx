import { cn } from '@/lib/cn';
import { NotAnsweringNote } from './not-answering-note';

export function Skeleton({ className }: { className?: string }) {
  return (
    <div className={cn('animate-pulse rounded-md bg-zinc-200/80 dark:bg-zinc-800', className)} aria-hidden="true" />
  );
}

/** A generic page placeholder: a title line and a few rows, announced once to screen readers. */
export function PageSkeleton({ rows = 5, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">{label}…</span>
      <NotAnsweringNote />
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-4 w-80 max-w-full" />
      <div className="space-y-2 pt-2">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    </div>
  );
}
