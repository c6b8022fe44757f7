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
import { ROW_HEIGHT, TableHead, TableRow, TableStatus } from './csv-table-parts';
import { WORKER_THRESHOLD_CHARS } from '@/lib/csv/read-delimited';
import { parseDelimited, parseFirstRows, type DelimitedKind } from './parse-csv';
import { Notice } from '@/components/ui/notice';
import { ReadingTable } from './reading-table';

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
