/// <reference lib="webworker" />
import type { WorkerReply, WorkerRequest } from './delimited-protocol';
import { decodeText, splitDelimited } from './split-delimited';

/** Rows go back in slices so the main thread deserializes them in several short tasks, not one long one. */
const ROWS_PER_MESSAGE = 5000;

const post = (msg: WorkerReply): void => (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg);

/** Splits big delimited text off the main thread so the page stays responsive. */
self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { source, options, progress } = event.data;
  try {
    let text = typeof source === 'string' ? source : '';
    if (typeof source !== 'string') {
      const decoded = decodeText(new Uint8Array(await source.arrayBuffer()));
      if (!decoded.ok) return post({ type: 'error', error: decoded.error });
      text = decoded.text;
    }
    const onProgress = progress ? (fraction: number) => post({ type: 'progress', fraction }) : undefined;
    const { rows, delimiter, problems } = splitDelimited(text, options, onProgress);
    post({ type: 'start', delimiter, problems, total: rows.length });
    for (let i = 0; i < rows.length; i += ROWS_PER_MESSAGE)
      post({ type: 'rows', rows: rows.slice(i, i + ROWS_PER_MESSAGE) });
    post({ type: 'done' });
  } catch (e) {
    post({ type: 'error', error: `The file could not be read: ${e instanceof Error ? e.message : String(e)}` });
  }
};
