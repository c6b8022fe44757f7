import { getApiClient } from '../connection/active-client';
import { getScheduler } from '../../api/scheduler';
import { getJournal } from './batch-journal';
import { buildRetryBatch } from './build-batch';
import { reconcileChunk } from './reconcile';
import { submitBatch, type SubmitOutcome } from './submit';
import { trackBatch } from './tracker';

/**
 * The batch work running in this tab: at most one submission and one tracker per batch, shared by
 * every component that shows the batch (reference-counted), and one tab per batch via Web Locks.
 */
const submissions = new Map<string, Promise<SubmitOutcome>>();
const trackers = new Map<string, { refs: number; controller: AbortController }>();
const listeners = new Set<() => void>();
const lastOutcome = new Map<string, SubmitOutcome>();

export function subscribeRuntime(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = (): void => listeners.forEach((l) => l());

export const isSubmitting = (batchId: string): boolean => submissions.has(batchId);
export const submitOutcome = (batchId: string): SubmitOutcome | undefined => lastOutcome.get(batchId);

/** Sends the batch's pending chunks (once per tab at a time); resolves with what stopped it. */
export function runSubmission(batchId: string): Promise<SubmitOutcome> {
  const running = submissions.get(batchId);
  if (running !== undefined) return running;
  const p = submitBatch(batchId, { journal: getJournal(), api: getApiClient() })
    .catch((e: unknown): SubmitOutcome => ({ kind: 'blocked', chunk: -1, reason: e instanceof Error ? e.message : String(e) }))
    .then((outcome) => {
      lastOutcome.set(batchId, outcome);
      return outcome;
    })
    .finally(() => {
      submissions.delete(batchId);
      changed();
    });
  submissions.set(batchId, p);
  changed();
  return p;
}

/** Checks an unconfirmed chunk against the service; when it clearly landed, sending goes on. */
export async function runReconcile(batchId: string, chunkIndex: number) {
  const verdict = await reconcileChunk({ journal: getJournal(), api: getApiClient() }, batchId, chunkIndex);
  if (verdict.verdict === 'landed') void runSubmission(batchId);
  return verdict;
}

/** Keeps the batch tracked while the returned release function has not been called. */
export function holdTracking(batchId: string): () => void {
  let entry = trackers.get(batchId);
  if (entry === undefined) {
    const controller = new AbortController();
    entry = { refs: 0, controller };
    trackers.set(batchId, entry);
    void startTracker(batchId, controller.signal).finally(() => {
      if (trackers.get(batchId)?.controller === controller) trackers.delete(batchId);
    });
  }
  entry.refs += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const e = trackers.get(batchId);
    if (e === undefined) return;
    e.refs -= 1;
    if (e.refs <= 0) {
      e.controller.abort();
      trackers.delete(batchId);
    }
  };
}

async function startTracker(batchId: string, signal: AbortSignal): Promise<void> {
  const run = () =>
    trackBatch(batchId, { journal: getJournal(), api: getApiClient(), intervalMs: () => getScheduler().backgroundIntervalMs() }, signal).catch(() => 'stopped' as const);
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  // One tab tracks a batch; the others see its progress through the shared journal.
  if (locks === undefined) await run();
  else await locks.request(`wf-batch-track:${batchId}`, { signal }, run).catch(() => undefined);
}

/** Records a new batch of the rows that ended in error (same mapping) and starts sending it; null when none failed. */
export async function retryFailedRows(batchId: string): Promise<string | null> {
  const journal = getJournal();
  const batch = await journal.get(batchId);
  if (batch === undefined) return null;
  const next = buildRetryBatch(batch, await journal.rows(batchId), crypto.randomUUID(), Date.now());
  if (next === null) return null;
  await journal.create(next.batch, next.rows);
  void runSubmission(next.batch.id);
  return next.batch.id;
}
