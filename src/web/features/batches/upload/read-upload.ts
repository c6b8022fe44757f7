import { readDelimited } from '@/lib/csv/read-delimited';
import { MAX_FILE_BYTES, tableFromRows, tooLargeMessage, UPLOAD_DELIMITERS } from './parse-csv';
import { readWorkbook, type Workbook } from './parse-xlsx';
import type { Table } from './table';

export type UploadRead =
  | { ok: true; kind: 'csv'; table: Table; note: string }
  | { ok: true; kind: 'xlsx'; workbook: Workbook }
  | { ok: false; error: string };

const isWorkbookName = (name: string): boolean => /\.(xlsx|xlsm)$/i.test(name);

const DELIMITERS: Record<string, string> = {
  ',': 'comma-separated',
  '\t': 'tab-separated',
  ';': 'semicolon-separated',
  '|': 'pipe-separated',
};

/** Reads an uploaded file by its kind: a workbook (sheets to pick from) or delimited text. */
export async function readUpload(file: File, onProgress?: (fraction: number) => void): Promise<UploadRead> {
  if (file.size > MAX_FILE_BYTES) return { ok: false, error: tooLargeMessage(file.size) };
  if (/\.xls$/i.test(file.name))
    return { ok: false, error: 'Old Excel files (.xls) cannot be read; save it as .xlsx or CSV and upload that.' };
  if (isWorkbookName(file.name)) {
    const r = await readWorkbook(file);
    return r.ok ? { ok: true, kind: 'xlsx', workbook: r.workbook } : r;
  }
  const split = await readDelimited(file, { delimitersToGuess: UPLOAD_DELIMITERS, onProgress });
  if (!split.ok) return split;
  const r = tableFromRows(split);
  if (!r.ok) return r;
  const rows = r.table.rows.length;
  return {
    ok: true,
    kind: 'csv',
    table: r.table,
    note: `${rows.toLocaleString()} row${rows === 1 ? '' : 's'}, ${r.table.columns.length} column${r.table.columns.length === 1 ? '' : 's'}, ${DELIMITERS[r.delimiter] ?? 'delimited'}.`,
  };
}
