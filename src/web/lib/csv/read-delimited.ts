import type { WorkerReply, WorkerRequest } from './delimited-protocol';
import type { DelimitedRows, SplitOptions } from './split-delimited';

export type DelimitedRead = ({ ok: true } & DelimitedRows) | { ok: false; error: string };

export interface ReadOptions extends SplitOptions {
  /** Hears the share of the text split so far. */
  onProgress?: (fraction: number) => void;
}

/** Text longer than this is split in a worker; shorter text splits faster than a worker starts. */
export const WORKER_THRESHOLD_CHARS = 256 * 1024;

/** Splits on this thread, loading papaparse only now. */
async function readHere(source: Blob | string, options: ReadOptions): Promise<DelimitedRead> {
  const { decodeText, splitDelimited } = await import('./split-delimited');
  const { onProgress, ...split } = options;
  let text = typeof source === 'string' ? source : '';
  if (typeof source !== 'string') {
    const decoded = decodeText(new Uint8Array(await source.arrayBuffer()));
    if (!decoded.ok) return decoded;
    text = decoded.text;
  }
  return { ok: true, ...splitDelimited(text, split, onProgress) };
}

/** Splits in the worker; 'unavailable' when the worker could not start (strict CSP, old bundler output). */
function readInWorker(source: Blob | string, options: ReadOptions): Promise<DelimitedRead | 'unavailable'> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./delimited-worker.ts', import.meta.url), { type: 'module' });
    const { onProgress, ...split } = options;
    let started = false;
    let head: { delimiter: string; problems: DelimitedRows['problems'] } = { delimiter: ',', problems: [] };
    const rows: string[][] = [];
    const finish = (r: DelimitedRead | 'unavailable') => {
      worker.terminate();
      resolve(r);
    };
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const m = event.data;
      started = true;
      if (m.type === 'progress') onProgress?.(m.fraction);
      else if (m.type === 'start') head = { delimiter: m.delimiter, problems: m.problems };
      else if (m.type === 'rows') for (const r of m.rows) rows.push(r);
      else if (m.type === 'done') finish({ ok: true, rows, ...head });
      else finish({ ok: false, error: m.error });
    };
    // Before its first message the worker never ran, and this thread can do the work; after, it stopped midway.
    worker.onerror = (e) =>
      finish(
        started
          ? { ok: false, error: `The file could not be parsed: ${e.message || 'the parser stopped'}.` }
          : 'unavailable',
      );
    const request: WorkerRequest = { source, options: split, progress: onProgress !== undefined };
    worker.postMessage(request);
  });
}

/**
 * The one way the dashboard reads delimited text (uploads and result previews): a file's bytes,
 * or big text, are split in a worker so the page stays responsive; small text, the first rows
 * (`previewRows`), and browsers without workers are split on this thread.
 */
export async function readDelimited(source: Blob | string, options: ReadOptions = {}): Promise<DelimitedRead> {
  const big = typeof source !== 'string' || source.length > WORKER_THRESHOLD_CHARS;
  if (big && !options.previewRows && typeof Worker !== 'undefined') {
    const r = await readInWorker(source, options);
    if (r !== 'unavailable') return r;
  }
  return readHere(source, options);
}
