import type { BatchRecord, RowRecord } from '../batch-types';
import { csvDocument } from '../csv-write';
import { utf8Length } from '../chunk-plan';

/** Inline text up to this size goes into the cell; bigger files (or binary ones) get their link. */
export const INLINE_CELL_BYTES = 32 * 1024;

/** Whether text fits in a cell; the character count settles most cases without measuring bytes. */
function fitsInline(text: string): boolean {
  if (text.length > INLINE_CELL_BYTES) return false;
  if (text.length * 3 <= INLINE_CELL_BYTES) return true;
  return utf8Length(text) <= INLINE_CELL_BYTES;
}

/** Result file names across rows, in order of first appearance; error.txt is the error column instead. */
export function resultFileColumns(rows: readonly RowRecord[]): string[] {
  const names = new Set<string>();
  for (const r of rows) {
    if (r.status !== 'finished') continue;
    for (const f of r.results ?? []) names.add(f.filename);
  }
  return [...names];
}

/** The export as a grid: the original columns and rows in order, then status, execution_id, error and one column per result file. */
export function buildResultsTable(batch: Pick<BatchRecord, 'columns'>, rows: readonly RowRecord[]): string[][] {
  const files = resultFileColumns(rows);
  const taken = new Set(batch.columns);
  const extra = ['status', 'execution_id', 'error'].map((c) => (taken.has(c) ? `result_${c}` : c));
  const fileHeaders = files.map((f) => (taken.has(f) || extra.includes(f) ? `result_${f}` : f));
  const header = [...batch.columns, ...extra, ...fileHeaders];
  const ordered = [...rows].sort((a, b) => a.index - b.index);
  const body = ordered.map((r) => {
    const byName = new Map((r.status === 'finished' ? (r.results ?? []) : []).map((f) => [f.filename, f]));
    const fileCells = files.map((name) => {
      const f = byName.get(name);
      if (f === undefined) return '';
      return f.content !== undefined && fitsInline(f.content) ? f.content : f.url;
    });
    const cells = batch.columns.map((_, i) => r.cells[i] ?? '');
    return [...cells, r.status, r.executionId ?? '', r.error ?? '', ...fileCells];
  });
  return [header, ...body];
}

/** The results CSV (RFC 4180, CRLF, formula-looking cells neutralised, UTF-8 BOM for Excel). */
export function buildResultsCsv(batch: Pick<BatchRecord, 'columns'>, rows: readonly RowRecord[]): string {
  return csvDocument(buildResultsTable(batch, rows));
}

/** The same table as an .xlsx workbook; the writer is loaded only when asked for. */
export async function buildResultsXlsx(batch: Pick<BatchRecord, 'columns'>, rows: readonly RowRecord[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const table = buildResultsTable(batch, rows);
  // Cells are written as text, so nothing in them is ever evaluated as a formula.
  const data = table.map((r, i) => r.map((value) => ({ value, type: String, ...(i === 0 ? { fontWeight: 'bold' as const } : {}) })));
  return writeXlsxFile(data).toBlob();
}

/** The invalid rows alone, as a CSV in the file's own columns, to fix elsewhere. */
export function invalidRowsCsv(columns: readonly string[], rows: readonly string[][], messages: readonly string[]): string {
  return csvDocument([[...columns, 'problems'], ...rows.map((r, i) => [...r, messages[i] ?? ''])]);
}
