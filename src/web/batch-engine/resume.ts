import type { BatchJournal } from './batch-journal';
import type { BatchRecord } from './batch-types';

export interface ResumeActions {
  /** Sends the batch's pending chunks. */
  send(batchId: string): void;
  /** Checks an unconfirmed chunk against the service. */
  check(batchId: string, chunkIndex: number): void;
}

/** What a batch needs from the engine now: sending, and which unconfirmed chunk has not been checked yet. */
function needs(batch: BatchRecord): { send: boolean; unchecked: number | undefined } {
  const pending = batch.chunks.some((c) => c.state === 'pending' || c.state === 'sending');
  const blocked = batch.chunks.some((c) => c.state === 'unconfirmed' || c.state === 'failed');
  const unchecked = batch.chunks.find((c) => c.state === 'unconfirmed' && c.check === undefined)?.index;
  return { send: pending && !blocked, unchecked };
}

/**
 * Resumes what a reload or a closed tab interrupted, whatever page is open: every batch in the
 * journal with chunks to send is sent, and a chunk whose answer was lost is checked. Then, on each
 * journal write in this tab, acts only when a need appears (a chunk becomes sendable, another chunk
 * needs checking), so a send that stopped on its own (rate limited, refused) is not retried in a loop.
 * Returns the way to stop watching.
 */
export function resumeBatches(journal: BatchJournal, actions: ResumeActions): () => void {
  const seen = new Map<string, ReturnType<typeof needs>>();
  const act = (batch: BatchRecord) => {
    const now = needs(batch);
    const before = seen.get(batch.id);
    seen.set(batch.id, now);
    if (now.send && before?.send !== true) actions.send(batch.id);
    if (now.unchecked !== undefined && now.unchecked !== before?.unchecked) actions.check(batch.id, now.unchecked);
  };
  // One read at a time, in write order, so an older state never follows a newer one; writes that
  // arrive while a read of the same batch waits are answered by that read.
  let queue: Promise<unknown> = journal
    .all()
    .then((batches) => !stopped && batches.forEach(act))
    .catch(() => undefined);
  const waiting = new Set<string>();
  let stopped = false;
  const off = journal.subscribe((batchId) => {
    if (waiting.has(batchId)) return;
    waiting.add(batchId);
    queue = queue.then(async () => {
      waiting.delete(batchId);
      if (stopped) return;
      const batch = await journal.get(batchId).catch(() => undefined);
      if (batch === undefined) seen.delete(batchId);
      else act(batch);
    });
  });
  return () => {
    stopped = true;
    off();
  };
}
