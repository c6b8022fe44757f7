import type { BatchApi, ListedExecution } from '@/api/batches';
import type { ExecutionDetail } from '@contract/openapi-document';
import type { BatchJournal } from './batch-journal';
import { countRows, isFinal, type BatchRecord, type RowRecord } from './batch-types';
import {
  creationOrder,
  directionOf,
  PAGE_SIZE,
  planStep,
  walkReached,
  type Direction,
  type PlanState,
} from './tracker-plan';
import { addSample, applySeen } from './tracker-rows';

/** Sweeps that change nothing make the next one wait longer, up to this. */
const MAX_IDLE_MS = 15_000;

interface TrackerDeps {
  journal: BatchJournal;
  api: Pick<BatchApi, 'listExecutions' | 'getExecution'>;
  /** The gap between two tracker requests: the scheduler's background pace (what people leave). */
  intervalMs: () => number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Called with each request's time and kind, for tests and the bench. */
  onRequest?: (at: number, kind: 'list' | 'probe') => void;
}

export const realSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

/** Rows are re-read from the journal this often, to pick up chunks confirmed and rows re-run meanwhile. */
const RELOAD_EVERY_MS = 5000;

/**
 * Follows one batch to the end at background priority: the scheduler gives it what people leave
 * of the key's budget (across tabs), and the tracker spreads that evenly. Each read's findings go
 * to the journal before the next request, so the page's counts move with every read.
 */
export async function trackBatch(
  batchId: string,
  deps: TrackerDeps,
  signal: AbortSignal,
): Promise<'done' | 'paused' | 'stopped'> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const state: PlanState = {};
  let batch: BatchRecord | undefined;
  let rows = new Map<number, RowRecord>();
  let order: RowRecord[] = [];
  let seqOf = new Map<string, number>();
  let loadedAt = -Infinity;
  let lastRequest = -Infinity;
  let idleGap = 0;

  let chunksSeen = '';
  /** Reads the batch, and its rows only when its chunks changed (sent, checked, re-run) or `full`: rows may weigh megabytes once files are gathered. */
  const load = async (full = false): Promise<void> => {
    batch = await deps.journal.get(batchId);
    loadedAt = now();
    if (batch === undefined) return;
    state.direction ??= batch.listDirection;
    const chunks = batch.chunks.map((c) => `${c.index}:${c.state}`).join(',');
    if (!full && chunks === chunksSeen) return;
    chunksSeen = chunks;
    rows = new Map((await deps.journal.rows(batchId)).map((r) => [r.index, r]));
    reorder();
  };
  const reorder = (): void => {
    order = creationOrder(batch!, [...rows.values()]);
    seqOf = new Map(order.map((r, i) => [r.executionId!, i]));
  };
  const pace = async (): Promise<void> => {
    const wait = lastRequest + deps.intervalMs() - now();
    if (wait > 0) await sleep(wait, signal);
    lastRequest = now();
  };
  /** Records what a read saw, atomically against the rows as stored; returns how many rows changed. */
  const record = async (
    seen: readonly { item: ListedExecution | ExecutionDetail; cursor: string | null | undefined }[],
    learned?: Direction,
  ): Promise<number> => {
    const indices: number[] = [];
    for (const { item } of seen) {
      const seq = seqOf.get(item.id);
      if (seq !== undefined) indices.push(order[seq]!.index);
    }
    const newDirection = learned !== undefined && learned !== batch!.listDirection ? learned : undefined;
    if (indices.length === 0 && newDirection === undefined) return 0;
    const byId = new Map(seen.map((s) => [s.item.id, s]));
    let changed: RowRecord[] = [];
    batch = await deps.journal.updateRows(batchId, indices, (b, current) => {
      const counts = { ...b.counts };
      changed = [];
      for (const row of current) {
        const s = row.executionId === undefined ? undefined : byId.get(row.executionId);
        const next = s === undefined ? null : applySeen(row, s.item, s.cursor, now());
        if (next === null) continue;
        counts[row.status] -= 1;
        counts[next.status] += 1;
        changed.push(next);
      }
      const progress = changed.length > 0 ? addSample(b.progress, [now(), counts.finished + counts.error]) : b.progress;
      return {
        batch: { ...b, counts, progress, ...(newDirection !== undefined ? { listDirection: newDirection } : {}) },
        rows: changed,
      };
    });
    for (const r of changed) rows.set(r.index, r);
    if (changed.length > 0) reorder();
    return changed.length;
  };

  while (!signal.aborted) {
    if (batch === undefined || now() - loadedAt >= RELOAD_EVERY_MS) await load();
    if (batch === undefined) return 'stopped';
    if (batch.trackingPaused) return 'paused';
    const step = planStep(order, state, now());
    if (step === null) {
      await load(true);
      if (batch === undefined) return 'stopped';
      if (planStep(order, state, now()) !== null) continue;
      // Rows may still arrive: chunks being sent, or unconfirmed ones a check may yet find.
      if (batch.chunks.every((c) => c.state === 'confirmed' || c.state === 'stopped')) {
        const all = [...rows.values()];
        if (batch.doneAt === undefined)
          await deps.journal.update(batchId, (b) => ({ batch: { ...b, doneAt: now(), counts: countRows(all) } }));
        return 'done';
      }
      await sleep(1500, signal);
      continue;
    }
    let changed = 0;
    try {
      await pace();
      signal.throwIfAborted();
      if (step.straggler) state.lastStragglerPass = now();
      if (step.kind === 'probe') {
        const row = order[step.seq]!;
        deps.onRequest?.(now(), 'probe');
        const detail = await deps.api.getExecution(batch.workflowId, row.executionId!, {
          priority: 'background',
          signal,
        });
        changed = await record([{ item: detail, cursor: undefined }]);
        state.probe = { seq: step.seq, final: isFinal(detail.status) };
      } else {
        deps.onRequest?.(now(), 'list');
        const page = await deps.api.listExecutions(
          batch.workflowId,
          { limit: PAGE_SIZE, cursor: step.cursor },
          { priority: 'background', signal },
        );
        const learned = state.direction ?? directionOf(page, step.cursor);
        state.direction = learned;
        changed = await record(
          page.data.map((item) => ({ item, cursor: step.cursor })),
          learned,
        );
        state.probe = undefined;
        const more =
          step.pagesLeft > 1 && page.cursor !== null && !walkReached(page, order, seqOf, step.untilSeq, learned);
        // Oldest first, the walk goes on while the service is ahead of what this page showed.
        const ahead =
          learned === 'newer' &&
          page.cursor !== null &&
          page.data.length > 0 &&
          page.data.every((e) => seqOf.get(e.id) === undefined || isFinal(e.status));
        state.walk =
          more || ahead
            ? {
                cursor: page.cursor,
                untilSeq: step.untilSeq,
                pagesLeft: ahead ? Math.max(1, step.pagesLeft) : step.pagesLeft - 1,
              }
            : undefined;
      }
    } catch (e) {
      if (signal.aborted) return 'stopped';
      // A failed read (offline, 5xx, an execution gone) starts over from the journal after a pause.
      void e;
      state.walk = undefined;
      state.probe = undefined;
      idleGap = Math.min(MAX_IDLE_MS, Math.max(2000, idleGap * 2));
      await sleep(idleGap, signal);
      await load(true);
      continue;
    }
    const moving = changed > 0 || state.walk !== undefined || step.kind === 'probe';
    idleGap = moving ? 0 : Math.min(MAX_IDLE_MS, Math.max(2000, idleGap * 2));
    if (idleGap > 0) await sleep(idleGap, signal);
  }
  return 'stopped';
}
