import { useEffect, useState, useSyncExternalStore } from 'react';
import { requestBudget, type BudgetSnapshot } from '@/server-state/connection';
import { cn } from '@/lib/cn';

/** Share of the budget in use from which the header shows the meter: under a fifth is left. */
const TIGHT = 0.8;

/** Whether the request budget matters to the person right now: nearly used up, or a 429 being waited out. */
function budgetIsTight(snapshot: Pick<BudgetSnapshot, 'used' | 'budget' | 'holdUntil'>, now: number): boolean {
  const held = snapshot.holdUntil !== null && snapshot.holdUntil > now;
  return held || snapshot.used >= snapshot.budget * TIGHT;
}

/** The scheduler's budget, refreshed every second as old requests leave the one-minute window. */
function useBudget() {
  const snapshot = useSyncExternalStore(requestBudget.subscribe, requestBudget.getSnapshot);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      requestBudget.refresh();
      setNow(Date.now());
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  const ratio = Math.min(1, snapshot.used / snapshot.budget);
  const held = snapshot.holdUntil !== null && snapshot.holdUntil > now;
  const seconds = held ? Math.ceil((snapshot.holdUntil! - now) / 1000) : 0;
  const label = held
    ? `Rate limited, retrying in ${seconds} s`
    : `${snapshot.used} of ${snapshot.budget} requests used in the last minute${snapshot.queued ? `, ${snapshot.queued} waiting` : ''}`;
  return { snapshot, now, ratio, held, seconds, label };
}

function MeterBar({ budget, className }: { budget: ReturnType<typeof useBudget>; className?: string }) {
  const { snapshot, ratio, held, label } = budget;
  const tone = held || ratio >= 0.9 ? 'bg-red-500' : ratio >= 0.7 ? 'bg-amber-500' : 'bg-indigo-500';
  return (
    <div
      role="meter"
      aria-label="Request budget"
      aria-valuemin={0}
      aria-valuemax={snapshot.budget}
      aria-valuenow={Math.min(snapshot.used, snapshot.budget)}
      aria-valuetext={label}
      className={cn('h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-500', tone)}
        style={{ width: `${Math.max(held ? 100 : 2, ratio * 100)}%` }}
      />
    </div>
  );
}

/** The header's meter: shown only while the budget is nearly used up or the server holds us back. */
export function BudgetMeter() {
  const budget = useBudget();
  if (!budgetIsTight(budget.snapshot, budget.now)) return null;
  const { snapshot, held, seconds, label } = budget;
  return (
    <div className="flex items-center gap-2" title={label}>
      <MeterBar budget={budget} className="w-10 sm:w-14" />
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

/** Settings' view of the budget: always there, in words. */
export function BudgetUsage() {
  const budget = useBudget();
  return (
    <div className="space-y-2">
      <MeterBar budget={budget} className="w-full max-w-sm" />
      <p
        className={cn(
          'text-sm tabular-nums',
          budget.held ? 'font-medium text-red-600 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400',
        )}
      >
        {budget.label}
      </p>
    </div>
  );
}
