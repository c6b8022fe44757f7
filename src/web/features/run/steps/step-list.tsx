import { CheckIcon, HandIcon, XIcon } from '@/components/ui/icons';
import { LoaderIcon } from '@/components/ui/shell-icons';
import { cn } from '@/lib/cn';
import { formatExact } from '@/lib/format-time';
import { formatMs } from '@/lib/format-ms';
import { STATE_WORDS, waterfall, type StepRow } from './step-model';

const DOT: Record<StepRow['state'], string> = {
  done: 'bg-indigo-600 text-white dark:bg-indigo-500',
  current: 'bg-white text-indigo-600 ring-2 ring-indigo-600 dark:bg-zinc-900 dark:text-indigo-300 dark:ring-indigo-400',
  waiting:
    'bg-amber-50 text-amber-700 ring-2 ring-amber-400 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400',
  upcoming: 'bg-white text-zinc-500 ring-1 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-400 dark:ring-zinc-700',
  skipped: 'bg-white text-zinc-400 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-500 dark:ring-zinc-800',
  failed: 'bg-red-600 text-white dark:bg-red-500',
  rejected: 'bg-zinc-100 text-zinc-700 ring-2 ring-zinc-400 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-500',
};

const LABEL: Record<StepRow['state'], string> = {
  done: 'text-zinc-800 dark:text-zinc-200',
  current: 'font-semibold text-zinc-900 dark:text-white',
  waiting: 'font-semibold text-amber-800 dark:text-amber-300',
  upcoming: 'text-zinc-500 dark:text-zinc-400',
  skipped: 'text-zinc-500 line-through decoration-zinc-300 dark:text-zinc-400 dark:decoration-zinc-600',
  failed: 'font-semibold text-red-700 dark:text-red-400',
  rejected: 'font-semibold text-zinc-900 dark:text-zinc-100',
};

function Dot({ row, number }: { row: StepRow; number: number }) {
  const icon =
    row.state === 'done' ? (
      <CheckIcon className="size-3.5" />
    ) : row.state === 'failed' ? (
      <XIcon className="size-3.5" />
    ) : row.state === 'waiting' || row.state === 'rejected' ? (
      <HandIcon className="size-3.5" />
    ) : row.state === 'current' ? (
      <LoaderIcon className="size-3.5 animate-spin motion-reduce:animate-none" />
    ) : (
      number
    );
  return (
    <span
      aria-hidden="true"
      className={cn('grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold', DOT[row.state])}
    >
      {icon}
    </span>
  );
}

/**
 * Steps top to bottom, each with its state in words, its duration and start where known, a bar
 * placing it on the run's time line, and the failing step's error beside it.
 */
export function StepList({ rows, label }: { rows: readonly StepRow[]; label: string }) {
  const bars = waterfall(rows);
  return (
    <ol aria-label={label} className="space-y-3">
      {rows.map((row, i) => {
        const bar = bars.get(row.key);
        return (
          <li
            key={row.key}
            aria-current={row.state === 'current' || row.state === 'waiting' ? 'step' : undefined}
            className="flex gap-3"
          >
            <Dot row={row} number={i + 1} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className={cn('text-sm', LABEL[row.state])}>
                  {row.label}
                  <span className="sr-only"> ({STATE_WORDS[row.state]})</span>
                </span>
                {row.durationMs !== null && row.durationMs !== undefined && (
                  <span
                    className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
                    title={row.startedAt ? `Started ${formatExact(row.startedAt)}` : undefined}
                  >
                    {formatMs(row.durationMs)}
                  </span>
                )}
                {row.state === 'waiting' && (
                  <span className="text-xs text-amber-700 dark:text-amber-300">waiting for a reviewer</span>
                )}
              </div>
              {row.writer && <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{row.writer}</p>}
              {bar && (
                <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <div
                    className={cn(
                      'h-1.5 rounded-full',
                      row.state === 'failed'
                        ? 'bg-red-500 dark:bg-red-400'
                        : row.state === 'rejected'
                          ? 'bg-zinc-400 dark:bg-zinc-500'
                          : 'bg-indigo-500 dark:bg-indigo-400',
                    )}
                    style={{ marginLeft: `${bar.offset}%`, width: `${bar.width}%` }}
                  />
                </div>
              )}
              {row.error && (
                <p
                  className={cn(
                    'mt-1.5 rounded-md border px-2.5 py-1.5 text-xs break-words',
                    row.state === 'rejected'
                      ? 'border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-200'
                      : 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200',
                  )}
                >
                  {row.error}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
