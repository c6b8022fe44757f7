import { backgroundIntervalMs, batchApi } from '@/server-state/batches';
import { getJournal } from './batch-journal';
import { planRerun, type RerunPick } from './build-batch';
import { gatherResults, type GatherDeps } from './gather-results';
import { gatherProgress, gatheringNeeded, type GatherProgress } from './gather-state';
import { reconcileChunk } from './reconcile';
import { resumeBatches } from './resume';
import { importServerBatch, syncServerBatch } from './server-batches';
import { stopBatchWith, type StopOutcome } from './stop';
import { submitBatch, type SubmitOutcome } from './submit';
import { realSleep, trackBatch } from './tracker';

/** How often, while tracking, the files of newly finished rows are fetched. */
const PREFETCH_EVERY_MS = 30_000;

/**
 * The batch work running in this tab: at most one submission and one background worker per batch
 * (tracking to the end, then gathering the results), shared by every component that shows the
 * batch (reference-counted), and one tab per batch via Web Locks.
 */
const submissions = new Map<string, Promise<SubmitOutcome>>();
const workers = new Map<string, { refs: number; controller: AbortController; running: boolean }>();
const gathering = new Map<string, GatherProgress>();
const listeners = new Set<() => void>();
const lastOutcome = new Map<string, SubmitOutcome>();

export function subscribeRuntime(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = (): void => listeners.forEach((l) => l());

export const isSubmitting = (batchId: string): boolean => submissions.has(batchId);
export const submitOutcome = (batchId: string): SubmitOutcome | undefined => lastOutcome.get(batchId);
/** Gathering progress while this tab gathers the batch's results, else undefined (read `gatherProgress(rows)` for what the journal holds). */
export const gatheringState = (batchId: string): GatherProgress | undefined => gathering.get(batchId);

/** Sends the batch's pending chunks (once per tab at a time); resolves with what stopped it. */
export function runSubmission(batchId: string): Promise<SubmitOutcome> {
  const running = submissions.get(batchId);
  if (running !== undefined) return running;
  const p = submitBatch(batchId, { journal: getJournal(), api: batchApi() })
    .catch((e: unknown): SubmitOutcome => ({
      kind: 'blocked',
      chunk: -1,
      reason: e instanceof Error ? e.message : String(e),
    }))
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

let started = false;

/**
 * Starts the engine for this tab's whole life (main.tsx calls it once there is a key): batches a
 * reload interrupted resume sending, and lost answers are checked, whatever page is open. Tracking
 * and gathering run while a batch is on screen (`holdTracking`). Calling it again changes nothing.
 */
export function startBatchEngine(): void {
  if (started) return;
  started = true;
  resumeBatches(getJournal(), {
    send: (batchId) => void runSubmission(batchId),
    check: (batchId, chunkIndex) => void runReconcile(batchId, chunkIndex).catch(() => undefined),
  });
}

/** Checks an unconfirmed chunk against the service; when it clearly landed, sending goes on. */
export async function runReconcile(batchId: string, chunkIndex: number) {
  const verdict = await reconcileChunk({ journal: getJournal(), api: batchApi() }, batchId, chunkIndex);
  if (verdict.verdict === 'landed') void runSubmission(batchId);
  return verdict;
}

/**
 * Keeps the batch's background work going while the returned release function has not been
 * called: tracking until every row is final, then gathering every result (also after a reload).
 * Hold it whenever the batch is on screen and tracking is not paused, done or not.
 */
export function holdTracking(batchId: string): () => void {
  let entry = workers.get(batchId);
  if (entry === undefined) {
    entry = { refs: 0, controller: new AbortController(), running: false };
    workers.set(batchId, entry);
  }
  entry.refs += 1;
  startWork(batchId);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const e = workers.get(batchId);
    if (e === undefined) return;
    e.refs -= 1;
    if (e.refs <= 0) {
      e.controller.abort();
      workers.delete(batchId);
    }
  };
}

/** Starts the worker of a held batch unless it runs already (a re-run after Done starts it again). */
function startWork(batchId: string): void {
  const entry = workers.get(batchId);
  if (entry === undefined || entry.running || entry.refs <= 0) return;
  entry.running = true;
  const { signal } = entry.controller;
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  // One tab works on a batch; the others see its progress through the shared journal.
  const run =
    locks === undefined
      ? work(batchId, signal)
      : locks.request(`wf-batch-track:${batchId}`, { signal }, () => work(batchId, signal));
  void Promise.resolve(run)
    .catch(() => undefined)
    .finally(() => {
      entry.running = false;
    });
}

async function work(batchId: string, signal: AbortSignal): Promise<void> {
  const journal = getJournal();
  const api = batchApi();
  const intervalMs = backgroundIntervalMs;
  // A re-run while gathering reopens the batch: track it again, then gather what is new.
  while (!signal.aborted) {
    // Files of rows already done download meanwhile: their links cost no API request.
    const early = new AbortController();
    const stopEarly = () => early.abort();
    signal.addEventListener('abort', stopEarly, { once: true });
    const prefetch = prefetchContents(batchId, { journal, api, intervalMs, spendBudget: false }, early.signal);
    const outcome = await trackBatch(batchId, { journal, api, intervalMs }, signal).catch(() => 'stopped' as const);
    early.abort();
    signal.removeEventListener('abort', stopEarly);
    await prefetch;
    if (outcome !== 'done' || signal.aborted) return;
    const rows = await journal.rows(batchId);
    if (gatheringNeeded(rows)) {
      gathering.set(batchId, gatherProgress(rows));
      changed();
      try {
        await gatherResults(
          batchId,
          {
            journal,
            api,
            intervalMs,
            onProgress: (p) => {
              gathering.set(batchId, p);
              changed();
            },
          },
          signal,
        );
      } finally {
        gathering.delete(batchId);
        changed();
      }
    }
    if ((await journal.get(batchId))?.doneAt !== undefined) return;
  }
}

/** Downloads contents of the rows done so far, again and again, until `signal` aborts (tracking ended). */
async function prefetchContents(batchId: string, deps: GatherDeps, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    await gatherResults(batchId, deps, signal).catch(() => undefined);
    await realSleep(PREFETCH_EVERY_MS, signal);
  }
}

/**
 * Stops the batch: unsent chunks at once on any server, then, where the server offers the cancel
 * extension, its unfinished executions. Tracking goes on until every row is final.
 */
export function stopBatch(batchId: string): Promise<StopOutcome> {
  const api = batchApi();
  return stopBatchWith(
    {
      journal: getJournal(),
      api,
      cancelSupported: api.cancelSupported,
      settled: () => submissions.get(batchId) ?? Promise.resolve(),
    },
    batchId,
  ).finally(changed);
}

/**
 * Re-runs rows in the same batch as attempt n + 1, with their (edited) inputs: the journal first,
 * then the same chunked send as the first attempt, which never sends a chunk twice and waits for
 * an unconfirmed chunk to be checked before anything else goes out. Rows not in a final status
 * are left alone; throws when none could be re-run.
 */
export async function rerunRows(batchId: string, rows: RerunPick[]): Promise<void> {
  const journal = getJournal();
  const all = await journal.rows(batchId);
  let refused: number[] = [];
  await journal.update(batchId, (b) => {
    const plan = planRerun(b, all, rows);
    refused = plan.refused;
    return { batch: plan.batch, rows: plan.rows };
  });
  if (refused.length === rows.length && rows.length > 0)
    throw new Error('None of these rows can be re-run yet: they are still waiting or running.');
  void runSubmission(batchId);
  startWork(batchId);
  changed();
}

/** Copies a batch someone on the account started elsewhere from the server into this browser's journal. */
export function openServerBatch(batchId: string, workflowName: string): Promise<void> {
  return importServerBatch({ journal: getJournal(), api: batchApi() }, batchId, workflowName);
}

/** Takes in what others did to a shared batch (rows re-run or sent elsewhere) and follows the new runs. */
export async function syncSharedBatch(batchId: string): Promise<void> {
  // While this tab sends, the server is ahead by the request in flight: its answer will say what ran.
  if (submissions.has(batchId)) return;
  if (await syncServerBatch({ journal: getJournal(), api: batchApi() }, batchId)) {
    startWork(batchId);
    changed();
  }
}
