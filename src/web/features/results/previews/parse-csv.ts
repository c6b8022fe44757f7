import { parseWithPapa, type DelimitedKind } from './csv-parse-core';
import type { CsvTable } from './csv-table-model';

/** Text longer than this is parsed in a worker; shorter text parses faster than a worker starts. */
export const WORKER_THRESHOLD_CHARS = 256 * 1024;

type WorkerReply = { ok: true; table: CsvTable } | { ok: false; message: string };

function parseInWorker(text: string, kind: DelimitedKind): Promise<CsvTable> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv-parse-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.table);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The CSV worker failed to start'));
    };
    worker.postMessage({ text, kind });
  });
}

async function parseOnMainThread(text: string, kind: DelimitedKind, previewRows = 0): Promise<CsvTable> {
  const { default: papa } = await import('papaparse');
  return parseWithPapa(papa, text, kind, previewRows);
}

/** Only the first rows (plus the header), parsed on the main thread in a few milliseconds to show something at once. */
export function parseFirstRows(text: string, kind: DelimitedKind, rows: number): Promise<CsvTable> {
  return parseOnMainThread(text, kind, rows);
}

/** Parses CSV/TSV text with papaparse, loaded only when needed, off the main thread when the text is big. */
export async function parseDelimited(text: string, kind: DelimitedKind): Promise<CsvTable> {
  if (text.length > WORKER_THRESHOLD_CHARS && typeof Worker !== 'undefined') {
    try {
      return await parseInWorker(text, kind);
    } catch {
      // A worker can be unavailable (strict CSP, old bundler output); parsing inline is slower but correct.
      return parseOnMainThread(text, kind);
    }
  }
  return parseOnMainThread(text, kind);
}
