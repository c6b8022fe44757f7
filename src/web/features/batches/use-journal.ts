import { useEffect, useState, useSyncExternalStore } from 'react';
import { getJournal } from '@/batch-engine/batch-journal';
import type { BatchRecord, RowRecord } from '@/batch-engine/batch-types';
import { holdTracking, isSubmitting, submitOutcome, subscribeRuntime } from '@/batch-engine/batch-runtime';

/** Re-reads at most this often: 10,000 rows are not worth reading on every single write. */
const ROWS_REFRESH_MS = 750;

/** Other tabs write to the same journal; a low-cost poll keeps this one current without a channel. */
const OTHER_TABS_POLL_MS = 3000;

/** This workflow's batches from the journal, newest first; undefined while loading. */
export function useBatchList(workflowId: string): { batches: BatchRecord[] | undefined; error: string | null } {
  const [batches, setBatches] = useState<BatchRecord[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      getJournal()
        .list(workflowId)
        .then((b) => alive && setBatches(b))
        .catch((e: unknown) => alive && setError(e instanceof Error ? e.message : String(e)));
    void load();
    const off = getJournal().subscribe(() => void load());
    const poll = setInterval(load, OTHER_TABS_POLL_MS);
    return () => {
      alive = false;
      off();
      clearInterval(poll);
    };
  }, [workflowId]);
  return { batches, error };
}

export type BatchView =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; batch: BatchRecord; rows: RowRecord[] };

/** One batch and its rows, following journal writes (throttled). */
export function useBatch(batchId: string): BatchView {
  const [view, setView] = useState<BatchView>({ state: 'loading' });
  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    let took = 0;
    const load = async () => {
      timer = null;
      last = Date.now();
      const started = performance.now();
      try {
        const journal = getJournal();
        const batch = await journal.get(batchId);
        if (!alive) return;
        if (batch === undefined) return setView({ state: 'missing' });
        const rows = await journal.rows(batchId);
        if (alive) setView({ state: 'ready', batch, rows });
      } catch (e) {
        if (alive) setView({ state: 'error', message: e instanceof Error ? e.message : String(e) });
      } finally {
        took = performance.now() - started;
      }
    };
    const schedule = () => {
      if (timer !== null) return;
      // Rows with gathered file contents weigh megabytes: a read that took long waits longer, so the
      // page never spends more than a quarter of its time re-reading the journal.
      const gap = Math.max(ROWS_REFRESH_MS, took * 4);
      timer = setTimeout(() => void load(), Math.max(0, last + gap - Date.now()));
    };
    void load();
    const off = getJournal().subscribe((id) => id === batchId && schedule());
    const poll = setInterval(schedule, OTHER_TABS_POLL_MS);
    return () => {
      alive = false;
      off();
      clearInterval(poll);
      if (timer !== null) clearTimeout(timer);
    };
  }, [batchId]);
  return view;
}

/** Whether this tab is sending the batch right now, and how the last attempt ended. */
export function useSubmission(batchId: string) {
  const submitting = useSyncExternalStore(subscribeRuntime, () => isSubmitting(batchId));
  const outcome = useSyncExternalStore(subscribeRuntime, () => submitOutcome(batchId));
  return { submitting, outcome };
}

/**
 * Keeps the batch followed while it is on screen and its updates are not paused: the engine tracks
 * it to the end, then gathers its results, and picks up rows re-run later (so it is held after Done too).
 */
export function useTrackWhileShown(batch: BatchRecord | undefined): void {
  const id = batch?.id;
  const track = batch !== undefined && !batch.trackingPaused;
  useEffect(() => {
    if (id === undefined || !track) return;
    return holdTracking(id);
  }, [id, track]);
}
