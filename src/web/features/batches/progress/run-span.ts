import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';

/** When the batch's runs began and (once done) ended, in epoch ms. */
export interface RunSpan {
  start: number;
  end: number;
}

/**
 * The batch's own time: from its first run's creation to its last run's end (where the server says
 * when runs ended), so a batch opened later, or in another browser, shows how long it ran rather
 * than how long ago it started. Before any run exists, from when the batch was made; while runs
 * are open, until now; done without run end times (a strict-v1 server), until this browser saw it done.
 */
export function runSpan(
  batch: Pick<BatchRecord, 'createdAt' | 'doneAt'>,
  rows: readonly RowRecord[],
  now: number,
): RunSpan {
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    const created = r.createdAt === undefined ? NaN : Date.parse(r.createdAt);
    if (created < first) first = created;
    const ended = r.finishedAt === undefined ? NaN : Date.parse(r.finishedAt);
    if (ended > last) last = ended;
  }
  const start = Number.isFinite(first) ? first : batch.createdAt;
  const end = batch.doneAt === undefined ? now : Number.isFinite(last) ? last : batch.doneAt;
  return { start, end: Math.max(start, end) };
}
