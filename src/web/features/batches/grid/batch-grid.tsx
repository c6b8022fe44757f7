import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Notice } from '@/components/ui/notice';
import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';
import type { JsonSchema } from '@/features/batches/mapping/schema-info';
import { cn } from '@/lib/cn';
import { GridCard } from './grid-card';
import { columnLabels, gridLayout, toggled, useCards } from './grid-layout';
import { canEdit, filterRows, freeTextColumns, isCancelled, isFailed, type GridFilter } from './grid-model';
import { GridRow, type GridRowProps } from './grid-row';
import { GridToolbar, RerunBar } from './grid-toolbar';
import { useGridEdits } from './use-grid-edits';
import { useStripScroll } from './use-strip-scroll';

const SCROLLER =
  'overflow-x-hidden overflow-y-auto rounded-lg border border-zinc-200 bg-white [overflow-anchor:none] dark:border-zinc-800 dark:bg-zinc-950';

/** The virtual window over the rows shown, 10,000 of them included. */
function useRows(shown: readonly RowRecord[], scroller: RefObject<HTMLDivElement | null>, estimate: number) {
  // The virtualizer's functions change identity by design; the compiler leaves this hook alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimate,
    // Heights are measured (edited rows grow with their messages) and cached by row, not by position.
    getItemKey: (i) => shown[i]?.index ?? i,
    overscan: 10,
  });
}

type RowPropsOf = (r: RowRecord, item: VirtualItem, measure: (el: Element | null) => void) => GridRowProps;

/** What both views of the rows take: the rows shown, each row's props, and the header's select-all. */
interface RowViewProps {
  shown: readonly RowRecord[];
  rowProps: RowPropsOf;
  header: ReactNode;
}

/**
 * The scrolling box and the virtual window over the rows shown (each row about `estimate` px high),
 * the sideways strip's handlers, and `eachRow`, which draws the rows in the window.
 */
function useRowWindow({ shown, rowProps }: RowViewProps, estimate: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useRows(shown, scroller, estimate);
  const eachRow = (draw: (props: GridRowProps) => ReactNode) =>
    virtualizer.getVirtualItems().map((v) => draw(rowProps(shown[v.index]!, v, virtualizer.measureElement)));
  return { scroller, virtualizer, eachRow, ...useStripScroll(scroller) };
}

/** The rows as a table: select and row number at the left, status and error at the right, the uploaded columns between. */
function RowTable({ columns, ...view }: RowViewProps & { columns: readonly string[] }) {
  const { shown, header } = view;
  const { scroller, virtualizer, eachRow, strip, onFocus, onWheel, onKeyDown } = useRowWindow(view, 52);
  const { rowStyle, dataStyle, dataWidth } = gridLayout(columns);
  const head = 'px-2 py-2';
  return (
    <div
      ref={scroller}
      className={cn(SCROLLER, 'h-[28rem]')}
      role="table"
      aria-label="Rows of this batch"
      aria-rowcount={shown.length + 1}
      tabIndex={0}
      onFocus={onFocus}
      onWheel={onWheel}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" data-grid-head className="sticky top-0 z-20">
        <div
          role="row"
          aria-rowindex={1}
          className="grid items-center border-b border-zinc-200 bg-zinc-50 text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
          style={rowStyle}
        >
          <span role="columnheader" className="flex h-9 items-center justify-center">
            {header}
          </span>
          <span role="columnheader" className={head}>
            Row
          </span>
          <div {...strip}>
            <div className="grid items-center" style={dataStyle}>
              <span role="columnheader" className={head}>
                Results
              </span>
              {columns.map((c) => (
                <span key={c} role="columnheader" className={cn(head, 'truncate normal-case')} title={c}>
                  {c}
                </span>
              ))}
              <span role="columnheader" className={head}>
                Attempt
              </span>
            </div>
          </div>
          <span role="columnheader" className={cn(head, 'border-l border-zinc-200 dark:border-zinc-800')}>
            Status and error
          </span>
        </div>
      </div>
      <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {shown.length === 0 && <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No row matches.</p>}
        {eachRow((props) => (
          <GridRow key={props.row.index} {...props} rowStyle={rowStyle} dataStyle={dataStyle} strip={strip} />
        ))}
      </div>
      {/* The one visible sideways scroll bar, under the uploaded columns only; the rows follow it. */}
      <div
        aria-hidden="true"
        data-grid-foot
        className="sticky bottom-0 z-20 grid border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900"
        style={rowStyle}
      >
        <div {...strip} className="col-start-3 min-w-0 overflow-x-auto">
          <div className="h-px" style={{ width: dataWidth }} />
        </div>
      </div>
    </div>
  );
}

/** The rows as cards, one under the other, for a phone. */
function RowCards({ labels, ...view }: RowViewProps & { labels: readonly string[] }) {
  const { shown, header } = view;
  const { scroller, virtualizer, eachRow, onFocus } = useRowWindow(view, 220);
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">{header}</label>
      <div ref={scroller} className={cn(SCROLLER, 'h-[min(36rem,75vh)]')} tabIndex={0} onFocus={onFocus}>
        <div
          role="list"
          aria-label="Rows of this batch"
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {shown.length === 0 && <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">No row matches.</p>}
          {eachRow((props) => (
            <GridCard key={props.row.index} {...props} labels={labels} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The header's checkbox: selects (or clears) every failed or unsent row the filter shows. */
function SelectAllShown({
  shownEditable,
  selected,
  onSelect,
}: {
  shownEditable: readonly RowRecord[];
  selected: ReadonlySet<number>;
  onSelect: (next: Set<number>) => void;
}) {
  const allShownSelected = shownEditable.length > 0 && shownEditable.every((r) => selected.has(r.index));
  return (
    <input
      type="checkbox"
      className="size-4 accent-indigo-600"
      aria-label="Select every failed or unsent row shown"
      disabled={shownEditable.length === 0}
      checked={allShownSelected}
      onChange={() =>
        onSelect(
          allShownSelected
            ? new Set([...selected].filter((i) => !shownEditable.some((r) => r.index === i)))
            : new Set([...selected, ...shownEditable.map((r) => r.index)]),
        )
      }
    />
  );
}

/**
 * The batch as a spreadsheet: the uploaded columns, then results, attempt, status and error,
 * virtualized for 10,000 rows; on a phone each row is a card. Failed rows are edited in place
 * (checked as on upload) and re-run as the next attempt of the same row.
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
  const cards = useCards();

  const shown = useMemo(() => filterRows(rows, filter, query), [rows, filter, query]);
  const failed = useMemo(() => rows.filter(isFailed), [rows]);
  const cancelledCount = useMemo(() => rows.filter(isCancelled).length, [rows]);
  const columns = batch.columns;
  const labels = useMemo(() => columnLabels(columns, batch.mapping, schema), [columns, batch.mapping, schema]);
  const freeText = useMemo(() => freeTextColumns(columns, batch.mapping, schema), [columns, batch.mapping, schema]);

  const selectedRows = rows.filter((r) => canEdit(r) && selected.has(r.index));
  const shownEditable = shown.filter(canEdit);
  const unsent = rows.filter(canEdit).length - failed.length;

  const selectAll = <SelectAllShown shownEditable={shownEditable} selected={selected} onSelect={setSelected} />;
  const rowProps: RowPropsOf = (r, item, measure) => ({
    row: r,
    item,
    measure,
    columns,
    freeText,
    workflowId,
    cells: cellsOf(r),
    edited: edits.has(r.index),
    check: checks.get(r.index),
    selected: selected.has(r.index),
    expanded: open.has(r.index),
    onSelect: () => setSelected((s) => toggled(s, r.index)),
    onExpand: () => setOpen((s) => toggled(s, r.index)),
    onCommit: (column, value) => commit(r, column, value),
  });

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
          failed={failed}
          unsent={unsent}
          selected={selectedRows}
          busy={busy}
          onRerun={(targets) => void rerun(targets)}
        />
      )}
      {message !== null && (
        <Notice tone={message.tone} role={message.tone === 'danger' ? 'alert' : 'status'}>
          {message.text}
        </Notice>
      )}
      {cards ? (
        <RowCards
          shown={shown}
          labels={labels}
          rowProps={rowProps}
          header={
            <>
              {selectAll}
              Select every failed or unsent row shown
            </>
          }
        />
      ) : (
        <RowTable shown={shown} columns={columns} rowProps={rowProps} header={selectAll} />
      )}
    </div>
  );
}
