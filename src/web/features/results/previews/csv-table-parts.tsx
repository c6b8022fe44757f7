import type { CsvTable, SortState } from './csv-table-model';
import { SortIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/button';

/** Fixed row height keeps the virtualizer exact, so the scrollbar never jumps. */
export const ROW_HEIGHT = 32;

function ariaSort(sort: SortState, column: number): 'ascending' | 'descending' | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}

/** How many rows and columns (or that the rest is loading), a sorting spinner, and malformed rows. */
export function TableStatus({ table, complete, sorting }: { table: CsvTable; complete: boolean; sorting: boolean }) {
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
export function TableHead({
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
export function TableRow({
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
