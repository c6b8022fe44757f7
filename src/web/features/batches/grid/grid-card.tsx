import { cn } from '@/lib/cn';
import { CellValue, History, ResultsCell, StatusBadge } from './grid-cells';
import { canEdit, problemsByColumn } from './grid-model';
import { ExpandButton, RowErrors, SelectRowBox, type GridRowProps } from './grid-row';

/**
 * One row as a card, for a phone: its status and error first, then each field under its title,
 * editable as in the grid when the row failed or was never sent.
 */
export function GridCard({
  row: r,
  item: v,
  measure,
  columns,
  freeText,
  labels,
  workflowId,
  cells,
  edited,
  check,
  selected,
  expanded,
  onSelect,
  onExpand,
  onCommit,
}: GridRowProps & { labels: readonly string[] }) {
  const editable = canEdit(r);
  const { byColumn, other } = problemsByColumn(check?.problems ?? []);
  const hasResults = r.status === 'finished';
  return (
    <div
      ref={measure}
      data-index={v.index}
      role="listitem"
      aria-label={`Row ${r.index + 1}`}
      className={cn(
        'absolute top-0 left-0 w-full border-b border-zinc-200 px-3 py-3 text-sm dark:border-zinc-800',
        selected ? 'bg-indigo-50 dark:bg-indigo-500/10' : 'bg-white dark:bg-zinc-950',
      )}
      style={{ transform: `translateY(${v.start}px)` }}
    >
      <div data-cell className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {editable && <SelectRowBox row={r} selected={selected} onSelect={onSelect} />}
        <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">Row {r.index + 1}</span>
        <StatusBadge row={r} workflowId={workflowId} />
        {r.attempt > 1 && <span className="text-xs text-zinc-500 dark:text-zinc-400">attempt {r.attempt}</span>}
        {edited && <span className="text-xs text-amber-700 dark:text-amber-400">edited</span>}
        <span className="ml-auto text-xs">
          <ExpandButton row={r} expanded={expanded} onExpand={onExpand} />
        </span>
      </div>
      {(r.error !== undefined || other.length > 0) && (
        <p data-cell className="mt-1 text-xs">
          <RowErrors row={r} other={other} clamp={false} />
        </p>
      )}
      {expanded && (
        <div aria-label={`Details of row ${r.index + 1}`} role="group" className="-mx-3 mt-2">
          <History workflowId={workflowId} row={r} />
        </div>
      )}
      {/* Title beside value, two to a line, so a card of many fields still fits a phone's screen. */}
      <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-baseline gap-x-3 gap-y-1.5">
        {columns.map((c, ci) => (
          <div key={c} className="contents">
            <dt className="text-xs font-medium break-words text-zinc-500 dark:text-zinc-400">{labels[ci] ?? c}</dt>
            <dd data-cell className="min-w-0">
              <CellValue
                editable={editable}
                label={`${labels[ci] ?? c}, row ${r.index + 1}`}
                value={cells[ci] ?? ''}
                message={byColumn.get(c)}
                multiline={freeText.has(c)}
                onCommit={(value) => onCommit(ci, value)}
                className="block break-words text-zinc-800 dark:text-zinc-200"
              />
            </dd>
          </div>
        ))}
        {hasResults && (
          <div className="contents">
            <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Results</dt>
            <dd className="min-w-0">
              <ResultsCell row={r} as="div" />
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
