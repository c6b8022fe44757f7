import type { RowStatus } from '@/batch-engine/batch-types';
import { BAR_ORDER, STATUS_STYLE } from './status-style';

/** A stacked bar of rows by status, with the counts written out beside it. */
export function StatusBar({
  counts,
  total,
  compact = false,
}: {
  counts: Record<RowStatus, number>;
  total: number;
  compact?: boolean;
}) {
  const parts = BAR_ORDER.filter((s) => counts[s] > 0);
  const summary = parts.map((s) => `${counts[s].toLocaleString()} ${STATUS_STYLE[s].label.toLowerCase()}`).join(', ');
  return (
    <div className="space-y-1.5">
      <div
        className={`flex w-full overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800 ${compact ? 'h-1.5' : 'h-3'}`}
        role="img"
        aria-label={`Progress: ${summary}`}
      >
        {parts.map((s) => (
          <div
            key={s}
            className={STATUS_STYLE[s].bar}
            style={{ width: `${(counts[s] / Math.max(1, total)) * 100}%` }}
            title={`${STATUS_STYLE[s].label}: ${counts[s]}`}
          />
        ))}
      </div>
      {!compact && (
        <ul
          className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-300"
          aria-label="Rows by status"
        >
          {parts.map((s) => (
            <li key={s} className="flex items-center gap-1.5">
              <span className={`inline-block size-2.5 rounded-sm ${STATUS_STYLE[s].bar}`} aria-hidden />
              {STATUS_STYLE[s].label} <span className="font-medium tabular-nums">{counts[s].toLocaleString()}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
