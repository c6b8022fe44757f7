import { MAX_FILE_BYTES, parseCsvBytes, tooLargeMessage, type ParseResult } from './parse-csv';
import type { WorkerReply } from './parse-protocol';
import { readWorkbook, type Workbook } from './parse-xlsx';
import type { Table } from './table';

export type UploadRead =
  | { ok: true; kind: 'csv'; table: Table; note: string }
  | { ok: true; kind: 'xlsx'; workbook: Workbook }
  | { ok: false; error: string };

const isWorkbookName = (name: string): boolean => /\.(xlsx|xlsm)$/i.test(name);

/** Parses CSV/TSV in a worker so the page stays responsive; falls back to this thread where workers are unavailable. */
function parseCsvInWorker(
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<ParseResult & { delimiter?: string }> {
  if (typeof Worker === 'undefined') {
    return file.arrayBuffer().then((b) => parseCsvBytes(new Uint8Array(b), onProgress));
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
    let columns: string[] = [];
    let delimiter = ',';
    const rows: string[][] = [];
    const finish = (r: ParseResult) => {
      worker.terminate();
      resolve(r);
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const m = event.data;
      if (m.type === 'progress') onProgress?.(m.fraction);
      else if (m.type === 'start') {
        columns = m.columns;
        delimiter = m.delimiter;
      } else if (m.type === 'rows') {
        for (const r of m.rows) rows.push(r);
      } else if (m.type === 'done') finish({ ok: true, table: { columns, rows }, delimiter });
      else finish({ ok: false, error: m.error });
    };
    worker.onerror = (e) =>
      finish({ ok: false, error: `The file could not be parsed: ${e.message || 'the parser stopped'}.` });
    worker.postMessage({ file });
  });
}

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
  const r = await parseCsvInWorker(file, onProgress);
  if (!r.ok) return r;
  const rows = r.table.rows.length;
  return {
    ok: true,
    kind: 'csv',
    table: r.table,
    note: `${rows.toLocaleString()} row${rows === 1 ? '' : 's'}, ${r.table.columns.length} column${r.table.columns.length === 1 ? '' : 's'}, ${DELIMITERS[r.delimiter] ?? 'delimited'}.`,
  };
}
