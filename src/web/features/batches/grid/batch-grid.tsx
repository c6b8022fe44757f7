import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { Notice } from '@/components/ui/notice';
import type { BatchRecord, RowRecord } from '@/features/batches/batch-types';
import type { JsonSchema } from '@/features/batches/mapping/schema-info';
import { cn } from '@/lib/cn';
import { gridLayout, PINNED_ERROR, PINNED_STATUS, toggled, W } from './grid-layout';
import { canEdit, filterRows, isCancelled, isFailed, type GridFilter } from './grid-model';
import { GridRow } from './grid-row';
import { GridToolbar, RerunBar } from './grid-toolbar';
import { useGridEdits } from './use-grid-edits';

/** The columns after the uploaded ones; status and error are pinned (see grid-layout.ts). */
const TRAILING_COLUMNS = [
  ['Results', ''],
  ['Attempt', ''],
  ['Status', cn(PINNED_STATUS, 'bg-zinc-50 dark:bg-zinc-900')],
  ['Error', cn(PINNED_ERROR, 'bg-zinc-50 dark:bg-zinc-900')],
] as const;

/**
 * The batch as a spreadsheet: the uploaded columns, then results, attempt, status and error,
 * virtualized for 10,000 rows. Failed rows are edited in place (checked as on upload) and re-run
 * as the next attempt of the same row.
 */
export function BatchGrid({
  batch,
  rows,
  schema,
  workflowId,
}: {
  batch: BatchRecord;
  rows: readonly RowRecord[];
  /** undefined while the workflow loads: nothing is checked or re-run before its schema is known. */
  schema: JsonSchema | null | undefined;
  workflowId: string;
}) {
  const [filter, setFilter] = useState<GridFilter>('all');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const { edits, checks, selected, setSelected, busy, message, cellsOf, commit, rerun } = useGridEdits(batch, schema);

  const shown = useMemo(() => filterRows(rows, filter, query), [rows, filter, query]);
  const failed = useMemo(() => rows.filter(isFailed), [rows]);
  const cancelledCount = useMemo(() => rows.filter(isCancelled).length, [rows]);
  const columns = batch.columns;
  const { gridStyle, width } = gridLayout(columns);

  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change identity by design; the compiler leaves this component alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 52,
    // Heights are measured (edited rows grow with their messages) and cached by row, not by position.
    getItemKey: (i) => shown[i]?.index ?? i,
    overscan: 10,
  });

  const selectedRows = rows.filter((r) => canEdit(r) && selected.has(r.index));
  const shownFailed = shown.filter(canEdit);
  const allShownSelected = shownFailed.length > 0 && shownFailed.every((r) => selected.has(r.index));

  return (
    <div className="space-y-3">
      <GridToolbar
        counts={batch.counts}
        total={rows.length}
        shown={shown.length}
        cancelledCount={cancelledCount}
        filter={filter}
        onFilter={setFilter}
        query={query}
        onQuery={setQuery}
      />
      {(failed.length > 0 || selectedRows.length > 0) && (
        <RerunBar
          failed={failed.length}
          selected={selectedRows.length}
          busy={busy}
          onRerunSelected={() => void rerun(selectedRows)}
          onRerunFailed={() => void rerun(failed)}
        />
      )}
      {message !== null && (
        <Notice tone={message.tone} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.text}
        </Notice>
      )}

      <div
        ref={scroller}
        className="h-[28rem] overflow-auto rounded-lg border border-zinc-200 bg-white [overflow-anchor:none] dark:border-zinc-800 dark:bg-zinc-950"
        role="table"
        aria-label="Rows of this batch"
        aria-rowcount={shown.length + 1}
        tabIndex={0}
      >
        <div role="rowgroup" className="sticky top-0 z-20 min-w-full" style={{ width }}>
          <div
            role="row"
            aria-rowindex={1}
            className="grid items-center border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
            style={gridStyle}
          >
            <span
              role="columnheader"
              className="sticky left-0 z-10 flex h-9 items-center justify-center bg-zinc-50 dark:bg-zinc-900"
            >
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                aria-label="Select every failed or unsent row shown"
                disabled={shownFailed.length === 0}
                checked={allShownSelected}
                onChange={() =>
                  setSelected(
                    allShownSelected
                      ? new Set([...selected].filter((i) => !shownFailed.some((r) => r.index === i)))
                      : new Set([...selected, ...shownFailed.map((r) => r.index)]),
                  )
                }
              />
            </span>
            <span
              role="columnheader"
              className="sticky z-10 bg-zinc-50 px-2 py-2 dark:bg-zinc-900"
              style={{ left: W.select }}
            >
              Row
            </span>
            {columns.map((c) => (
              <span key={c} role="columnheader" className="truncate px-2 py-2 normal-case" title={c}>
                {c}
              </span>
            ))}
            {TRAILING_COLUMNS.map(([name, pinned]) => (
              <span key={name} role="columnheader" className={cn('px-2 py-2', pinned)}>
                {name}
              </span>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="relative min-w-full" style={{ height: virtualizer.getTotalSize(), width }}>
          {shown.length === 0 && <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No row matches.</p>}
          {virtualizer.getVirtualItems().map((v) => {
            const r = shown[v.index]!;
            return (
              <GridRow
                key={r.index}
                row={r}
                item={v}
                measure={virtualizer.measureElement}
                columns={columns}
                gridStyle={gridStyle}
                workflowId={workflowId}
                cells={cellsOf(r)}
                edited={edits.has(r.index)}
                check={checks.get(r.index)}
                selected={selected.has(r.index)}
                expanded={open.has(r.index)}
                onSelect={() => setSelected((s) => toggled(s, r.index))}
                onExpand={() => setOpen((s) => toggled(s, r.index))}
                onCommit={(column, value) => commit(r, column, value)}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
