import { cn } from '@/lib/cn';

/** JSON shown as it is, in a scrollable block a keyboard can reach; `className` sets its height and padding. */
export function RawJson({
  id,
  label,
  text,
  className,
}: {
  id: string;
  label: string;
  text: string;
  className: string;
}) {
  return (
    <pre
      id={id}
      tabIndex={0}
      aria-label={label}
      className={cn(
        'overflow-auto rounded-md bg-zinc-50 font-mono text-xs leading-relaxed text-zinc-800 ring-1 ring-zinc-200 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800',
        className,
      )}
    >
      {text}
    </pre>
  );
}
