/// <reference lib="webworker" />
import { parseCsvBytes, tooLargeMessage, MAX_FILE_BYTES } from './parse-csv';
import type { WorkerReply } from './parse-protocol';

/** Rows go back in slices so the main thread deserializes them in several short tasks, not one long one. */
const ROWS_PER_MESSAGE = 5000;

const post = (msg: WorkerReply): void => (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg);

self.onmessage = async (event: MessageEvent<{ file: Blob }>) => {
  const { file } = event.data;
  try {
    if (file.size > MAX_FILE_BYTES) return post({ type: 'error', error: tooLargeMessage(file.size) });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const result = parseCsvBytes(bytes, (fraction) => post({ type: 'progress', fraction }));
    if (!result.ok) return post({ type: 'error', error: result.error });
    const { columns, rows } = result.table;
    post({ type: 'start', columns, delimiter: result.delimiter, total: rows.length });
    for (let i = 0; i < rows.length; i += ROWS_PER_MESSAGE)
      post({ type: 'rows', rows: rows.slice(i, i + ROWS_PER_MESSAGE) });
    post({ type: 'done' });
  } catch (e) {
    post({ type: 'error', error: `The file could not be read: ${e instanceof Error ? e.message : String(e)}` });
  }
};
