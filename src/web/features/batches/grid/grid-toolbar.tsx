import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { RotateIcon } from '@/components/ui/icons';
import { Input, Select } from '@/components/ui/input';
import { ROW_STATUSES, type BatchRecord, type RowRecord } from '@/batch-engine/batch-types';
import { STATUS_STYLE } from '@/features/batches/progress/status-style';
import { cn } from '@/lib/cn';
import type { GridFilter } from './grid-model';

/** A labelled control of the toolbar; the label names the control through its id. */
function ToolField({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The status filter (with failed and cancelled apart after a Stop) and the row search. */
export function GridToolbar({
  counts,
  total,
  shown,
  cancelledCount,
  filter,
  onFilter,
  query,
  onQuery,
}: {
  counts: BatchRecord['counts'];
  total: number;
  shown: number;
  cancelledCount: number;
  filter: GridFilter;
  onFilter: (filter: GridFilter) => void;
  query: string;
  onQuery: (query: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <ToolField label="Status" className="min-w-0">
        {(id) => (
          <Select
            id={id}
            value={filter}
            onChange={(e) => onFilter(e.target.value as GridFilter)}
            className="h-8 w-auto text-sm"
          >
            <option value="all">All rows ({total.toLocaleString()})</option>
            {ROW_STATUSES.filter((s) => counts[s] > 0 || s === filter).map((s) => (
              <option key={s} value={s}>
                {STATUS_STYLE[s].label} ({counts[s].toLocaleString()})
              </option>
            ))}
            {cancelledCount > 0 && (
              <>
                <option value="failed">
                  Failed, not cancelled ({(counts.error - cancelledCount).toLocaleString()})
                </option>
                <option value="cancelled">Cancelled ({cancelledCount.toLocaleString()})</option>
              </>
            )}
          </Select>
        )}
      </ToolField>
      <ToolField label="Search rows" className="min-w-40 flex-1 sm:max-w-xs">
        {(id) => (
          <Input
            id={id}
            type="search"
            value={query}
            onChange={(e) => onQuery(e.target.value)}
            placeholder="Cells, errors, results…"
            className="h-8"
          />
        )}
      </ToolField>
      <p className="pb-1.5 text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
        Showing {shown.toLocaleString()} of {total.toLocaleString()} rows
      </p>
    </div>
  );
}

/** What the re-run bar says, for 0, 1 or many failed rows and rows never sent. */
export function rerunText(failed: number, unsent: number): string {
  const never =
    unsent === 0
      ? ''
      : unsent === 1
        ? 'The row never sent can be selected, edited and sent.'
        : `The ${unsent.toLocaleString()} rows never sent can be selected, edited and sent.`;
  if (failed === 0) return never === '' ? 'No row failed.' : `No row failed. ${never}`;
  const fix =
    failed === 1
      ? '1 row failed: fix its cells below, then re-run it.'
      : `${failed.toLocaleString()} rows failed: fix their cells below, then re-run them.`;
  return never === '' ? fix : `${fix} ${never}`;
}

/** Re-runs the selected rows, or every failed one, once their cells are fixed. */
export function RerunBar({
  failed,
  unsent,
  selected,
  busy,
  onRerun,
}: {
  failed: readonly RowRecord[];
  /** How many rows were skipped or stopped before they were sent: they can be selected and sent too. */
  unsent: number;
  selected: readonly RowRecord[];
  busy: boolean;
  onRerun: (rows: readonly RowRecord[]) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900/60">
      <p className="mr-auto text-sm text-zinc-700 dark:text-zinc-200">{rerunText(failed.length, unsent)}</p>
      <Button size="sm" disabled={selected.length === 0} busy={busy} onClick={() => onRerun(selected)}>
        <RotateIcon />
        Re-run selected ({selected.length.toLocaleString()})
      </Button>
      {failed.length > 0 && (
        <Button size="sm" variant="primary" busy={busy} onClick={() => onRerun(failed)}>
          <RotateIcon />
          Re-run all failed ({failed.length.toLocaleString()})
        </Button>
      )}
    </div>
  );
}
