import { CellValue, History, ResultsCell, StatusBadge } from './grid-cells';
import { canEdit, problemsByColumn } from './grid-model';
import { cellValueProps, ExpandButton, RowErrors, RowFrame, SelectRowBox, type GridRowProps } from './grid-row';

/**
 * One row as a card, for a phone: its status and error first, then each field under its title,
 * editable as in the grid when the row failed or was never sent.
 */
export function GridCard({ labels, ...p }: GridRowProps & { labels: readonly string[] }) {
  const r = p.row;
  const { other } = problemsByColumn(p.check?.problems ?? []);
  return (
    <RowFrame row={p} role="listitem" className="border-zinc-200 px-3 py-3 text-sm dark:border-zinc-800">
      <div data-cell className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {canEdit(r) && <SelectRowBox row={r} selected={p.selected} onSelect={p.onSelect} />}
        <span className="font-medium text-zinc-900 tabular-nums dark:text-zinc-100">Row {r.index + 1}</span>
        <StatusBadge row={r} workflowId={p.workflowId} />
        {r.attempt > 1 && <span className="text-xs text-zinc-500 dark:text-zinc-400">attempt {r.attempt}</span>}
        {p.edited && <span className="text-xs text-amber-700 dark:text-amber-400">edited</span>}
        <span className="ml-auto text-xs">
          <ExpandButton row={r} expanded={p.expanded} onExpand={p.onExpand} />
        </span>
      </div>
      {(r.error !== undefined || other.length > 0) && (
        <p data-cell className="mt-1 text-xs">
          <RowErrors row={r} other={other} clamp={false} />
        </p>
      )}
      {p.expanded && (
        <div aria-label={`Details of row ${r.index + 1}`} role="group" className="-mx-3 mt-2">
          <History workflowId={p.workflowId} row={r} />
        </div>
      )}
      {/* Title beside value, two to a line, so a card of many fields still fits a phone's screen. */}
      <dl className="mt-2 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-baseline gap-x-3 gap-y-1.5">
        {p.columns.map((c, ci) => (
          <div key={c} className="contents">
            <dt className="text-xs font-medium break-words text-zinc-500 dark:text-zinc-400">{labels[ci] ?? c}</dt>
            <dd data-cell className="min-w-0">
              <CellValue
                {...cellValueProps(p, ci, labels[ci] ?? c)}
                className="block break-words text-zinc-800 dark:text-zinc-200"
              />
            </dd>
          </div>
        ))}
        {r.status === 'finished' && (
          <div className="contents">
            <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Results</dt>
            <dd className="min-w-0">
              <ResultsCell row={r} as="div" />
            </dd>
          </div>
        )}
      </dl>
    </RowFrame>
  );
}
