import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, useTransition, type JSX } from 'react';
import {
  columnWidths,
  nextSort,
  numericColumns,
  sortedRowOrder,
  type CsvTable,
  type SortState,
} from './csv-table-model';
import { SortIcon } from '@/components/ui/icons';
import { WORKER_THRESHOLD_CHARS } from '@/lib/csv/read-delimited';
import { parseDelimited, parseFirstRows, type DelimitedKind } from './parse-csv';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/button';
import { ReadingTable } from './reading-table';

/** Fixed row height keeps the virtualizer exact, so the scrollbar never jumps. */
const ROW_HEIGHT = 32;
const ROW_NUMBER_WIDTH = 64;

/** Rows shown from a quick main-thread parse while a big file is parsed in full in the worker. */
const FIRST_ROWS = 200;

type ParseState = { text: string; table: CsvTable; complete: boolean } | { text: string; error: string };

/** A CSV/TSV result as a sortable, virtualized table (only the visible rows are in the DOM). */
export function CsvPreview({
  text,
  kind,
  filename,
}: {
  text: string;
  kind: DelimitedKind;
  filename: string;
}): JSX.Element {
  const [parsed, setParsed] = useState<ParseState | null>(null);

  useEffect(() => {
    let live = true;
    let complete = false;
    parseDelimited(text, kind).then(
      (table) => {
        complete = true;
        if (live) setParsed({ text, table, complete: true });
      },
      (error: unknown) => {
        complete = true;
        if (live) setParsed({ text, error: error instanceof Error ? error.message : String(error) });
      },
    );
    if (text.length > WORKER_THRESHOLD_CHARS) {
      parseFirstRows(text, kind, FIRST_ROWS).then(
        (table) => live && !complete && setParsed({ text, table, complete: false }),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [text, kind]);

  if (!parsed || parsed.text !== text) {
    return <ReadingTable />;
  }
  if ('error' in parsed) {
    return (
      <Notice tone="danger" role="alert" title="Could not read this table">
        {parsed.error}
      </Notice>
    );
  }
  if (parsed.table.header.length === 0) {
    return <Notice tone="info" role="status" title="This table is empty" />;
  }
  return <CsvTableView table={parsed.table} complete={parsed.complete} filename={filename} />;
}

function ariaSort(sort: SortState, column: number): 'ascending' | 'descending' | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}

/** How many rows and columns (or that the rest is loading), a sorting spinner, and malformed rows. */
function TableStatus({ table, complete, sorting }: { table: CsvTable; complete: boolean; sorting: boolean }) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
        {complete ? (
          <span>
            <strong className="font-semibold text-zinc-900 tabular-nums dark:text-zinc-100">
              {table.rows.length.toLocaleString()}
            </strong>{' '}
            {table.rows.length === 1 ? 'row' : 'rows'} · {table.header.length}{' '}
            {table.header.length === 1 ? 'column' : 'columns'}
          </span>
        ) : (
          <span role="status" className="inline-flex items-center gap-1.5">
            <Spinner className="size-3.5" /> Showing the first {table.rows.length.toLocaleString()} rows while the rest
            loads…
          </span>
        )}
        {sorting && (
          <span className="inline-flex items-center gap-1" role="status">
            <Spinner className="size-3.5" /> Sorting…
          </span>
        )}
      </div>
      {table.problemCount > 0 && (
        <details className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100">
          <summary className="cursor-pointer font-medium">
            {table.problemCount} {table.problemCount === 1 ? 'row looks' : 'rows look'} malformed; shown as parsed
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {table.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** The sticky header row: a button per column that sorts by it, once every row has loaded. */
function TableHead({
  header,
  sort,
  complete,
  onSort,
}: {
  header: readonly string[];
  sort: SortState;
  complete: boolean;
  onSort: (column: number) => void;
}) {
  return (
    <thead className="sticky top-0 z-10">
      <tr aria-rowindex={1}>
        <th
          scope="col"
          className="border-b border-zinc-200 bg-zinc-100 px-3 py-2 text-right text-xs font-medium text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400"
        >
          <span aria-hidden="true">#</span>
          <span className="sr-only">Row number</span>
        </th>
        {header.map((name, column) => {
          const direction = ariaSort(sort, column);
          return (
            <th
              key={column}
              scope="col"
              aria-sort={direction}
              className="border-b border-zinc-200 bg-zinc-100 p-0 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <button
                type="button"
                disabled={!complete}
                onClick={() => onSort(column)}
                title={complete ? `Sort by ${name}` : 'Sorting is available once every row has loaded'}
                className="flex w-full items-center justify-between gap-1 px-3 py-2 text-left font-semibold text-zinc-800 hover:bg-zinc-200/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-wait dark:text-zinc-100 dark:hover:bg-zinc-800"
              >
                <span className="truncate">{name}</span>
                <SortIcon
                  direction={direction}
                  className={`size-4 shrink-0 ${direction === 'none' ? 'text-zinc-400' : 'text-indigo-600 dark:text-indigo-400'}`}
                />
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** One data row: its number in the file, then its cells (numbers right-aligned). */
function TableRow({
  row,
  rowIndex,
  position,
  numeric,
  width,
}: {
  row: readonly string[];
  rowIndex: number;
  /** Its place in the current order, counting from 0 under the header. */
  position: number;
  numeric: readonly boolean[];
  width: number;
}) {
  return (
    <tr
      aria-rowindex={position + 2}
      style={{ height: ROW_HEIGHT }}
      className="even:bg-zinc-50/70 hover:bg-indigo-50/60 dark:even:bg-zinc-900/50 dark:hover:bg-indigo-500/10"
    >
      <td className="border-b border-zinc-100 px-3 text-right font-mono text-xs text-zinc-500 tabular-nums dark:border-zinc-800/70 dark:text-zinc-400">
        {rowIndex + 1}
      </td>
      {Array.from({ length: width }, (_, column) => {
        const cell = row[column] ?? '';
        return (
          <td
            key={column}
            title={cell.length > 24 ? cell : undefined}
            className={`truncate border-b border-zinc-100 px-3 whitespace-nowrap text-zinc-800 ${numeric[column] ? 'text-right tabular-nums' : ''} dark:border-zinc-800/70 dark:text-zinc-200`}
          >
            {cell}
          </td>
        );
      })}
    </tr>
  );
}

function CsvTableView({
  table,
  complete,
  filename,
}: {
  table: CsvTable;
  complete: boolean;
  filename: string;
}): JSX.Element {
  const [sort, setSort] = useState<SortState>(null);
  const [sorting, startSorting] = useTransition();
  const order = useMemo(() => sortedRowOrder(table.rows, sort), [table.rows, sort]);
  const widths = useMemo(() => columnWidths(table), [table]);
  const numeric = useMemo(() => numericColumns(table), [table]);
  const totalWidth = ROW_NUMBER_WIDTH + widths.reduce((a, b) => a + b, 0);
  const scrollRef = useRef<HTMLDivElement>(null);

  // The virtualizer is read afresh on every render and this component is not compiler-memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    initialRect: { width: 800, height: 480 },
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columns = table.header.length + 1;

  return (
    <div className="space-y-2">
      <TableStatus table={table} complete={complete} sorting={sorting} />
      <div
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`Table ${filename}`}
        className="max-h-[60vh] overflow-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-800"
      >
        <table
          className="border-separate border-spacing-0 text-left text-sm"
          style={{ width: totalWidth, minWidth: '100%', tableLayout: 'fixed' }}
          aria-rowcount={order.length + 1}
        >
          <colgroup>
            <col style={{ width: ROW_NUMBER_WIDTH }} />
            {widths.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <TableHead
            header={table.header}
            sort={sort}
            complete={complete}
            onSort={(column) => startSorting(() => setSort((s) => nextSort(s, column)))}
          />
          <tbody>
            {padTop > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columns} style={{ height: padTop, padding: 0 }} />
              </tr>
            )}
            {items.map((item) => {
              const rowIndex = order[item.index]!;
              return (
                <TableRow
                  key={rowIndex}
                  row={table.rows[rowIndex]!}
                  rowIndex={rowIndex}
                  position={item.index}
                  numeric={numeric}
                  width={table.header.length}
                />
              );
            })}
            {padBottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={columns} style={{ height: padBottom, padding: 0 }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
