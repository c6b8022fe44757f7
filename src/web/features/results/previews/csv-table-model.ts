/** A parsed delimited file, ready to show: one header row and the data rows beneath it. */
export type CsvTable = {
  header: string[];
  rows: string[][];
  /** Messages about malformed rows (unclosed quotes, odd field counts), at most a handful. */
  problems: string[];
  problemCount: number;
};

type SortDirection = 'ascending' | 'descending';
export type SortState = { column: number; direction: SortDirection } | null;

/** The subset of a papaparse error we report. */
export type ParseProblem = { message: string; row?: number | null };

const MAX_PROBLEMS_SHOWN = 5;

/**
 * Turns papaparse's rows into a table: the first row is the header (BOM stripped, blanks and
 * missing names filled as "Column N") so every cell of every row has a named column.
 */
export function toCsvTable(data: readonly (readonly string[])[], errors: readonly ParseProblem[] = []): CsvTable {
  const [first = [], ...rest] = data;
  const width = data.reduce((max, row) => Math.max(max, row.length), 0);
  const header = Array.from({ length: width }, (_, i) => {
    const raw = i === 0 ? (first[0] ?? '').replace(/^\uFEFF/, '') : (first[i] ?? '');
    return raw.trim() === '' ? `Column ${i + 1}` : raw;
  });
  const rows = rest.filter((row) => !(row.length === 1 && row[0] === '')).map((row) => [...row]);
  const problems = errors
    .slice(0, MAX_PROBLEMS_SHOWN)
    .map((e) => (typeof e.row === 'number' ? `Row ${e.row + 1}: ${e.message}` : e.message));
  return { header, rows, problems, problemCount: errors.length };
}

const NUMBER = /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

/** The number a cell holds ("1,234.5", " -3e2 ", "42"), or null when it is text or empty. */
export function numericValue(cell: string | undefined): number | null {
  const text = (cell ?? '').trim();
  if (text === '' || !/\d/.test(text) || !NUMBER.test(text)) return null;
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

type SortKey = { empty: boolean; num: number | null; text: string };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function keyOf(cell: string | undefined): SortKey {
  const text = cell ?? '';
  return { empty: text.trim() === '', num: numericValue(text), text };
}

/**
 * Compares two cells for an ascending sort: numbers numerically and before text, text with the
 * locale's collation, empty cells last.
 */
export function compareCells(a: string | undefined, b: string | undefined): number {
  return compareKeys(keyOf(a), keyOf(b));
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a.empty || b.empty) return Number(a.empty) - Number(b.empty);
  if (a.num !== null && b.num !== null) return a.num - b.num;
  if (a.num !== null) return -1;
  if (b.num !== null) return 1;
  return collator.compare(a.text, b.text);
}

/**
 * The row order for a sort, as indexes into rows: stable (ties keep file order), with empty cells
 * last in both directions. Keys are computed once per row so 100,000 rows sort quickly.
 */
export function sortedRowOrder(rows: readonly (readonly string[])[], sort: SortState): number[] {
  const order = rows.map((_, i) => i);
  if (!sort) return order;
  const keys = rows.map((row) => keyOf(row[sort.column]));
  const sign = sort.direction === 'ascending' ? 1 : -1;
  order.sort((i, j) => {
    const a = keys[i]!;
    const b = keys[j]!;
    if (a.empty || b.empty) return Number(a.empty) - Number(b.empty) || i - j;
    return sign * compareKeys(a, b) || i - j;
  });
  return order;
}

/** Header click cycle: unsorted → ascending → descending → unsorted; a new column starts ascending. */
export function nextSort(current: SortState, column: number): SortState {
  if (!current || current.column !== column) return { column, direction: 'ascending' };
  if (current.direction === 'ascending') return { column, direction: 'descending' };
  return null;
}

/**
 * Fixed column widths in pixels, from the longest of the header and a sample of rows, so the
 * virtualized table does not jump as different rows scroll into view.
 */
export function columnWidths(table: Pick<CsvTable, 'header' | 'rows'>, sampleSize = 200): number[] {
  const sample = table.rows.slice(0, sampleSize);
  return table.header.map((name, col) => {
    const longest = sample.reduce((max, row) => Math.max(max, (row[col] ?? '').length), 0);
    // Headers are bold and carry a sort icon, so they need more room per character than cells.
    const needed = Math.max(name.length * 8.5 + 52, longest * 7.5 + 28);
    return Math.min(360, Math.max(72, Math.round(needed)));
  });
}

/** Columns whose sampled non-empty cells are mostly numbers; they are right-aligned for easy comparison. */
export function numericColumns(table: Pick<CsvTable, 'header' | 'rows'>, sampleSize = 200): boolean[] {
  const sample = table.rows.slice(0, sampleSize);
  return table.header.map((_, col) => {
    let filled = 0;
    let numeric = 0;
    for (const row of sample) {
      const cell = row[col] ?? '';
      if (cell.trim() === '') continue;
      filled += 1;
      if (numericValue(cell) !== null) numeric += 1;
    }
    return filled > 0 && numeric / filled >= 0.8;
  });
}
