import type { VirtualItem } from '@tanstack/react-virtual';
import type { CSSProperties, ReactNode } from 'react';
import type { RowRecord } from '@/batch-engine/batch-types';
import { cn } from '@/lib/cn';
import { CellValue, History, ResultsCell, StatusBadge } from './grid-cells';
import type { StripProps } from './use-strip-scroll';
import { canEdit, problemsByColumn, type RowCheck } from './grid-model';

export interface GridRowProps {
  row: RowRecord;
  item: VirtualItem;
  measure: (element: Element | null) => void;
  columns: readonly string[];
  /** Columns filling a free-text field, edited in a multi-line box. */
  freeText: ReadonlySet<string>;
  workflowId: string;
  /** The cells as edited here, or the row's own. */
  cells: string[];
  edited: boolean;
  check: RowCheck | undefined;
  selected: boolean;
  expanded: boolean;
  onSelect: () => void;
  onExpand: () => void;
  onCommit: (column: number, value: string) => void;
}

/** The row's error and the problems of its edit that belong to no column. */
export function RowErrors({ row: r, other, clamp }: { row: RowRecord; other: readonly string[]; clamp: boolean }) {
  return (
    <>
      {r.error !== undefined && (
        <span
          className={cn('block pt-0.5 break-words text-red-700 dark:text-red-400', clamp && 'line-clamp-2')}
          title={r.error}
        >
          {r.error}
        </span>
      )}
      {other.map((m) => (
        <span key={m} className="mt-1 block break-words text-red-700 dark:text-red-400">
          {m}
        </span>
      ))}
    </>
  );
}

/** The box that picks a failed or unsent row to send again. */
export function SelectRowBox({
  row: r,
  selected,
  onSelect,
}: {
  row: RowRecord;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <input
      type="checkbox"
      className="size-4 accent-indigo-600"
      aria-label={`Select row ${r.index + 1}`}
      checked={selected}
      onChange={onSelect}
    />
  );
}

/** "History" or "Details": shows the row's error in full and its earlier attempts. */
export function ExpandButton({
  row: r,
  expanded,
  onExpand,
}: {
  row: RowRecord;
  expanded: boolean;
  onExpand: () => void;
}) {
  if (r.error === undefined && (r.attempts?.length ?? 0) === 0) return null;
  return (
    <button
      type="button"
      className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300"
      aria-expanded={expanded}
      aria-label={`${expanded ? 'Hide' : 'Show'} details of row ${r.index + 1}`}
      onClick={onExpand}
    >
      {expanded ? 'Hide' : (r.attempts?.length ?? 0) > 0 ? 'History' : 'Details'}
    </button>
  );
}

/** The box a row stands in: placed where the virtual list measured it, and tinted while selected. */
export function RowFrame({
  row: p,
  className,
  children,
  ...roleProps
}: {
  row: GridRowProps;
  className: string;
  children: ReactNode;
  role: 'row' | 'listitem';
  'aria-rowindex'?: number;
}) {
  return (
    <div
      ref={p.measure}
      data-index={p.item.index}
      {...roleProps}
      aria-label={`Row ${p.row.index + 1}`}
      className={cn(
        'absolute top-0 left-0 w-full border-b',
        className,
        p.selected ? 'bg-indigo-50 dark:bg-indigo-500/10' : 'bg-white dark:bg-zinc-950',
      )}
      style={{ transform: `translateY(${p.item.start}px)` }}
    >
      {children}
    </div>
  );
}

/**
 * What the row's cell of column `ci` shows, named `title` for people: its text, or an input where
 * the row may be edited, with the problem the edit's check found in it.
 */
export function cellValueProps(p: GridRowProps, ci: number, title: string) {
  const column = p.columns[ci]!;
  return {
    editable: canEdit(p.row),
    label: `${title}, row ${p.row.index + 1}`,
    value: p.cells[ci] ?? '',
    message: problemsByColumn(p.check?.problems ?? []).byColumn.get(column),
    multiline: p.freeText.has(column),
    onCommit: (value: string) => p.onCommit(ci, value),
  };
}

/**
 * One row of the batch grid (see grid-layout.ts for its three parts): a failed row's cells are
 * inputs, every other row's are text.
 */
export function GridRow({
  rowStyle,
  dataStyle,
  strip,
  ...p
}: GridRowProps & {
  rowStyle: CSSProperties;
  dataStyle: CSSProperties;
  /** The sideways strip's ref and scroll handler, shared by every row so the columns stay aligned. */
  strip: StripProps;
}) {
  const r = p.row;
  const { other } = problemsByColumn(p.check?.problems ?? []);
  return (
    <RowFrame row={p} role="row" aria-rowindex={p.item.index + 2} className="border-zinc-100 dark:border-zinc-800/70">
      <div className="grid items-start text-sm" style={rowStyle}>
        <span role="cell" data-cell className="flex min-h-11 items-start justify-center pt-3">
          {canEdit(r) && <SelectRowBox row={r} selected={p.selected} onSelect={p.onSelect} />}
        </span>
        <span role="cell" data-cell className="px-1.5 pt-3 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {r.index + 1}
        </span>
        <div {...strip}>
          <div className="grid items-start" style={dataStyle}>
            <ResultsCell row={r} />
            {p.columns.map((c, ci) => (
              <span key={c} role="cell" data-cell className="min-w-0 px-2 py-2">
                <CellValue
                  {...cellValueProps(p, ci, c)}
                  className="block truncate pt-1 text-zinc-800 dark:text-zinc-200"
                  title={p.cells[ci]}
                />
              </span>
            ))}
            <span role="cell" data-cell className="px-2 py-2 text-xs text-zinc-600 dark:text-zinc-300">
              <span className="block pt-1 pb-0.5 tabular-nums">
                {r.attempt > 1 ? `${r.attempt} of ${r.attempt}` : '1'}
              </span>
              <ExpandButton row={r} expanded={p.expanded} onExpand={p.onExpand} />
            </span>
          </div>
        </div>
        <span
          role="cell"
          data-cell
          className="h-full min-w-0 border-l border-zinc-200 px-2 py-2 text-xs dark:border-zinc-800"
        >
          <StatusBadge row={r} workflowId={p.workflowId} />
          {p.edited && <span className="mt-1 block text-[11px] text-amber-700 dark:text-amber-400">edited</span>}
          <RowErrors row={r} other={other} clamp />
        </span>
      </div>
      {p.expanded && (
        <div role="cell" aria-label={`Details of row ${r.index + 1}`} className="w-[min(100%,48rem)]">
          <History workflowId={p.workflowId} row={r} />
        </div>
      )}
    </RowFrame>
  );
}
