import { plural } from '@/lib/plural';
import { csvDocument } from '@/lib/csv-write';
import { utf8Length } from '@/lib/utf8';
import type { BatchRecord, RowRecord } from './batch-types';
import { isTextFile } from './gather-state';

/** Inline text up to this size goes into the cell; bigger files (or binary ones) get their link. */
export const INLINE_CELL_BYTES = 32 * 1024;

/** Whether text fits in a cell; the character count settles most cases without measuring bytes. */
function fitsInline(text: string): boolean {
  if (text.length > INLINE_CELL_BYTES) return false;
  if (text.length * 3 <= INLINE_CELL_BYTES) return true;
  return utf8Length(text) <= INLINE_CELL_BYTES;
}

/** The attempt a row's status describes: 1 for the first send, n + 1 after n re-runs. */
const attemptOf = (r: RowRecord): number => r.attempt ?? 1;

/** Result file names across rows, in order of first appearance. */
function resultFileColumns(rows: readonly RowRecord[]): string[] {
  const names = new Set<string>();
  for (const r of rows) {
    if (r.status !== 'finished') continue;
    for (const f of r.results ?? []) names.add(f.filename);
  }
  return [...names];
}

/**
 * The export as a grid: the original columns and rows in order, then status, attempt (when any row
 * was re-run), execution_id, error and one column per result file. Every row shows its latest attempt.
 */
export function buildResultsTable(batch: Pick<BatchRecord, 'columns'>, rows: readonly RowRecord[]): string[][] {
  const files = resultFileColumns(rows);
  const rerun = rows.some((r) => attemptOf(r) > 1);
  const taken = new Set(batch.columns);
  const extra = ['status', ...(rerun ? ['attempt'] : []), 'execution_id', 'error'].map((c) =>
    taken.has(c) ? `result_${c}` : c,
  );
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
    return [
      ...cells,
      r.status,
      ...(rerun ? [String(attemptOf(r))] : []),
      r.executionId ?? '',
      r.error ?? '',
      ...fileCells,
    ];
  });
  return [header, ...body];
}

/** The results CSV (RFC 4180, CRLF, only formula-looking cells neutralized, UTF-8 BOM for Excel). */
export function buildResultsCsv(batch: Pick<BatchRecord, 'columns'>, rows: readonly RowRecord[]): string {
  return csvDocument(buildResultsTable(batch, rows));
}

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.(\d+))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export type XlsxCell =
  | { value: string; type: StringConstructor }
  | { value: number; type: NumberConstructor; format?: string }
  | { value: Date; type: DateConstructor; format: string };

/**
 * How a text cell goes into the workbook: plain numbers as numbers (decimals shown as written, so
 * -75.00 stays -75.00), ISO dates and times as dates, everything else as text, which a spreadsheet
 * never evaluates. Numbers with a leading zero (codes, zip codes) or more digits than a double
 * holds stay text, since converting them would change them.
 */
export function xlsxCell(text: string): XlsxCell {
  const number = PLAIN_NUMBER.exec(text);
  if (number !== null && text.replace(/[-.]/g, '').replace(/^0+/, '').length <= 15) {
    const decimals = number[1]?.length ?? 0;
    return decimals > 0
      ? { value: Number(text), type: Number, format: `0.${'0'.repeat(decimals)}` }
      : { value: Number(text), type: Number };
  }
  const date = ISO_DATE.exec(text);
  if (date !== null) {
    const d = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
    if (d.getUTCDate() === Number(date[3]) && d.getUTCMonth() === Number(date[2]) - 1)
      return { value: d, type: Date, format: 'yyyy-mm-dd' };
  }
  if (ISO_DATE_TIME.test(text)) {
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) return { value: d, type: Date, format: 'yyyy-mm-dd hh:mm:ss' };
  }
  return { value: text, type: String };
}

/** The same table as an .xlsx workbook with typed cells; the writer is loaded only when asked for. */
export async function buildResultsXlsx(batch: Pick<BatchRecord, 'columns'>, rows: readonly RowRecord[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const [header = [], ...body] = buildResultsTable(batch, rows);
  const data = [
    header.map((value) => ({ value, type: String, fontWeight: 'bold' as const })),
    ...body.map((r) => r.map((c) => (c === '' ? null : xlsxCell(c)))),
  ];
  return writeXlsxFile(data).toBlob();
}

/**
 * The invalid rows, to fix elsewhere and upload again: the file's own columns with every cell exactly
 * as it came in (nothing neutralized, so -5 stays -5), then what is wrong with the row.
 */
export function invalidRowsCsv(
  columns: readonly string[],
  rows: readonly string[][],
  messages: readonly string[],
): string {
  const problems = columns.includes('problems') ? 'problems (not sent)' : 'problems';
  return csvDocument(
    [[...columns, problems], ...rows.map((r, i) => [...columns.map((_, c) => r[c] ?? ''), messages[i] ?? ''])],
    { neutralize: false },
  );
}

export interface ExportSummary {
  rows: number;
  /** Rows in finished or error. */
  done: number;
  /** Rows not yet finished or failed (still queued, running or unsent). */
  notDone: number;
  /** Finished rows whose file list is not known yet. */
  rowsAwaitingFiles: number;
  /** Finished rows with at least one file. */
  rowsWithFiles: number;
  files: number;
  /** Text files whose content is in the export (in its cell). */
  textsInline: number;
  /** Text files whose content has not been fetched yet: the export has their link instead. */
  textsMissing: number;
}

/** What an export of these rows holds and what is still missing, to say before and after downloading. */
export function exportSummary(rows: readonly RowRecord[]): ExportSummary {
  const s: ExportSummary = {
    rows: rows.length,
    done: 0,
    notDone: 0,
    rowsAwaitingFiles: 0,
    rowsWithFiles: 0,
    files: 0,
    textsInline: 0,
    textsMissing: 0,
  };
  for (const r of rows) {
    if (r.status === 'finished' || r.status === 'error') s.done += 1;
    else if (r.status !== 'skipped') s.notDone += 1;
    if (r.status !== 'finished') continue;
    if (r.results === undefined) {
      s.rowsAwaitingFiles += 1;
      continue;
    }
    const files = r.results ?? [];
    if (files.length > 0) s.rowsWithFiles += 1;
    s.files += files.length;
    for (const f of files) {
      if (!isTextFile(f)) continue;
      if (f.content !== undefined) s.textsInline += 1;
      else s.textsMissing += 1;
    }
  }
  return s;
}

/**
 * Why results arrive slowly where a server's list items carry no files, and for how long: each of
 * those rows costs one detail read, at the requests a minute background work may use.
 */
export function detailReadsNote(rowsLeft: number, perMinute: number): string | null {
  if (rowsLeft <= 0) return null;
  const minutes = Math.max(1, Math.ceil(rowsLeft / Math.max(1, perMinute)));
  const what =
    rowsLeft === 1
      ? "1 row's files come from one detail read"
      : `${rowsLeft.toLocaleString()} rows' files come from one detail read each`;
  return `${what} (this server's lists do not carry them): about ${minutes.toLocaleString()} min at ${perMinute.toLocaleString()} requests a minute.`;
}

/** "Holds 2,000 rows and 1,950 files; 50 finished rows still await their files." */
export function describeExport(s: ExportSummary): { holds: string; missing: string[] } {
  const holds = `Holds ${plural(s.rows, 'row')} and ${plural(s.files, 'result file')}${s.rowsWithFiles > 0 ? ` from ${plural(s.rowsWithFiles, 'row')}` : ''}.`;
  const missing: string[] = [];
  if (s.notDone > 0) missing.push(`${plural(s.notDone, 'row')} ${s.notDone === 1 ? 'has' : 'have'} not finished yet.`);
  if (s.rowsAwaitingFiles > 0)
    missing.push(
      `${plural(s.rowsAwaitingFiles, 'finished row')} still ${s.rowsAwaitingFiles === 1 ? 'awaits its' : 'await their'} result files.`,
    );
  if (s.textsMissing > 0)
    missing.push(
      `${plural(s.textsMissing, 'result')} ${s.textsMissing === 1 ? 'is' : 'are'} still being collected; until then ${s.textsMissing === 1 ? 'its cell holds' : 'their cells hold'} a download link instead of the text.`,
    );
  return { holds, missing };
}
