import { useEffect, useState, useSyncExternalStore } from 'react';
import { getScheduler } from '@/api/scheduler';
import { cn } from '@/lib/cn';

/** Requests used in the last minute against the budget, and a countdown while the server holds us back. */
export function BudgetMeter() {
  const scheduler = getScheduler();
  const snapshot = useSyncExternalStore(
    (l) => scheduler.subscribe(l),
    () => scheduler.getSnapshot(),
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Old requests leave the window with time alone, so the meter refreshes itself.
    const timer = setInterval(() => {
      scheduler.refresh();
      setNow(Date.now());
    }, 1000);
    return () => clearInterval(timer);
  }, [scheduler]);
  const ratio = Math.min(1, snapshot.used / snapshot.budget);
  const held = snapshot.holdUntil !== null && snapshot.holdUntil > now;
  const seconds = held ? Math.ceil((snapshot.holdUntil! - now) / 1000) : 0;
  const tone = held || ratio >= 0.9 ? 'bg-red-500' : ratio >= 0.7 ? 'bg-amber-500' : 'bg-indigo-500';
  const label = held
    ? `Rate limited, retrying in ${seconds} s`
    : `${snapshot.used} of ${snapshot.budget} requests used in the last minute${snapshot.queued ? `, ${snapshot.queued} waiting` : ''}`;
  return (
    <div className="flex items-center gap-2" title={label}>
      <div
        role="meter"
        aria-label="Request budget"
        aria-valuemin={0}
        aria-valuemax={snapshot.budget}
        aria-valuenow={Math.min(snapshot.used, snapshot.budget)}
        aria-valuetext={label}
        className="h-1.5 w-10 overflow-hidden rounded-full bg-zinc-200 sm:w-14 dark:bg-zinc-800"
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-500', tone)}
          style={{ width: `${Math.max(held ? 100 : 2, ratio * 100)}%` }}
        />
      </div>
      <span
        className={cn(
          'hidden text-xs tabular-nums lg:inline',
          held ? 'font-medium text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400',
        )}
      >
        {held ? `Retrying in ${seconds} s` : `${snapshot.used}/${snapshot.budget}`}
      </span>
    </div>
  );
}
