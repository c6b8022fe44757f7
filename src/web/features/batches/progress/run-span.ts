import { isFinal, type BatchRecord, type RowRecord } from '@/batch-engine/batch-types';

/** When the batch's runs began and (once done) ended, in epoch ms. */
export interface RunSpan {
  start: number;
  end: number;
}

/**
 * The batch's own time: from its first run's creation to its last run's end (where the server says
 * when runs ended), so a batch opened later, or in another browser, shows how long it ran rather
 * than how long ago it started. Before any run exists, from when the batch was made; while runs
 * are open, until now; every row ended, until the last run's end (even before this browser marks the
 * batch done); done without run end times (a strict-v1 server), until this browser saw it done.
 */
export function runSpan(
  batch: Pick<BatchRecord, 'createdAt' | 'doneAt'>,
  rows: readonly RowRecord[],
  now: number,
): RunSpan {
  let first = Infinity;
  let last = -Infinity;
  let allEnded = rows.length > 0;
  for (const r of rows) {
    if (!isFinal(r.status)) allEnded = false;
    const created = r.createdAt === undefined ? NaN : Date.parse(r.createdAt);
    if (created < first) first = created;
    const ended = r.finishedAt === undefined ? NaN : Date.parse(r.finishedAt);
    if (ended > last) last = ended;
  }
  const start = Number.isFinite(first) ? first : batch.createdAt;
  const ended = batch.doneAt !== undefined || allEnded;
  const end = !ended ? now : Number.isFinite(last) ? last : (batch.doneAt ?? now);
  return { start, end: Math.max(start, end) };
}
