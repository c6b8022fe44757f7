import type { BatchApi, ListedExecution } from '@/server-state/batches';
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
  type Step,
} from './tracker-plan';
import { isRemovedRun, markRemoved } from './removed-runs';
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

/** What one tracking run knows: the batch and its rows as last read, in creation order, and the plan's state. */
interface Tracking {
  batch: BatchRecord | undefined;
  rows: Map<number, RowRecord>;
  order: RowRecord[];
  seqOf: Map<string, number>;
  loadedAt: number;
  lastRequest: number;
  chunksSeen: string;
  state: PlanState;
}

/** A tracking run's steps, bound to its batch, dependencies and signal. */
function openTracking(batchId: string, deps: TrackerDeps, signal: AbortSignal) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const t: Tracking = {
    batch: undefined,
    rows: new Map(),
    order: [],
    seqOf: new Map(),
    loadedAt: -Infinity,
    lastRequest: -Infinity,
    chunksSeen: '',
    state: {},
  };
  const reorder = (): void => {
    t.order = creationOrder(t.batch!, [...t.rows.values()]);
    t.seqOf = new Map(t.order.map((r, i) => [r.executionId!, i]));
  };
  /** Reads the batch, and its rows only when its chunks changed (sent, checked, re-run) or `full`: rows may weigh megabytes once files are gathered. */
  const load = async (full = false): Promise<void> => {
    t.batch = await deps.journal.get(batchId);
    t.loadedAt = now();
    if (t.batch === undefined) return;
    t.state.direction ??= t.batch.listDirection;
    const chunks = t.batch.chunks.map((c) => `${c.index}:${c.state}`).join(',');
    if (!full && chunks === t.chunksSeen) return;
    t.chunksSeen = chunks;
    t.rows = new Map((await deps.journal.rows(batchId)).map((r) => [r.index, r]));
    reorder();
  };
  const pace = async (): Promise<void> => {
    const wait = t.lastRequest + deps.intervalMs() - now();
    if (wait > 0) await sleep(wait, signal);
    t.lastRequest = now();
  };
  /** Records what a read saw, atomically against the rows as stored; returns how many rows changed. */
  const record = async (
    seen: readonly { item: ListedExecution | ExecutionDetail; cursor: string | null | undefined }[],
    learned?: Direction,
  ): Promise<number> => {
    const indices: number[] = [];
    for (const { item } of seen) {
      const seq = t.seqOf.get(item.id);
      if (seq !== undefined) indices.push(t.order[seq]!.index);
    }
    const newDirection = learned !== undefined && learned !== t.batch!.listDirection ? learned : undefined;
    if (indices.length === 0 && newDirection === undefined) return 0;
    const byId = new Map(seen.map((s) => [s.item.id, s]));
    let changed: RowRecord[] = [];
    t.batch = await deps.journal.updateRows(batchId, indices, (b, current) => {
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
    for (const r of changed) t.rows.set(r.index, r);
    if (changed.length > 0) reorder();
    return changed.length;
  };
  /** Records that the server no longer has a row's run (it ended and was removed); returns how many rows changed. */
  const removed = async (row: RowRecord): Promise<number> => {
    const executionId = row.executionId!;
    let changed: RowRecord | null = null;
    t.batch = await deps.journal.updateRows(batchId, [row.index], (b, [current]) => {
      changed = current === undefined ? null : markRemoved(current, executionId);
      if (changed === null || current === undefined) return { batch: b, rows: [] };
      const counts = { ...b.counts };
      counts[current.status] -= 1;
      counts[changed.status] += 1;
      return { batch: { ...b, counts }, rows: [changed] };
    });
    if (changed === null) return 0;
    t.rows.set(row.index, changed);
    reorder();
    return 1;
  };
  return { t, now, sleep, load, pace, record, removed };
}

type TrackingRun = ReturnType<typeof openTracking>;

/** Reads one execution's detail (a probe) and records it; returns how many rows changed. */
async function probe(run: TrackingRun, deps: TrackerDeps, signal: AbortSignal, seq: number): Promise<number> {
  const { t, now } = run;
  const row = t.order[seq]!;
  deps.onRequest?.(now(), 'probe');
  let detail: ExecutionDetail;
  try {
    detail = await deps.api.getExecution(t.batch!.workflowId, row.executionId!, { priority: 'background', signal });
  } catch (error) {
    if (!isRemovedRun(error)) throw error;
    const changed = await run.removed(row);
    t.state.probe = { seq, final: true };
    return changed;
  }
  const changed = await run.record([{ item: detail, cursor: undefined }]);
  t.state.probe = { seq, final: isFinal(detail.status) };
  return changed;
}

/** Reads one list page, records it and plans whether the walk goes on; returns how many rows changed. */
async function readPage(
  run: TrackingRun,
  deps: TrackerDeps,
  signal: AbortSignal,
  step: Extract<Step, { kind: 'list' }>,
): Promise<number> {
  const { t, now } = run;
  const { state } = t;
  deps.onRequest?.(now(), 'list');
  const page = await deps.api.listExecutions(
    t.batch!.workflowId,
    { limit: PAGE_SIZE, cursor: step.cursor },
    { priority: 'background', signal },
  );
  const learned = state.direction ?? directionOf(page, step.cursor);
  state.direction = learned;
  const changed = await run.record(
    page.data.map((item) => ({ item, cursor: step.cursor })),
    learned,
  );
  state.probe = undefined;
  const more =
    step.pagesLeft > 1 && page.cursor !== null && !walkReached(page, t.order, t.seqOf, step.untilSeq, learned);
  // Oldest first, the walk goes on while the service is ahead of what this page showed.
  const ahead =
    learned === 'newer' &&
    page.cursor !== null &&
    page.data.length > 0 &&
    page.data.every((e) => t.seqOf.get(e.id) === undefined || isFinal(e.status));
  state.walk =
    more || ahead
      ? {
          cursor: page.cursor,
          untilSeq: step.untilSeq,
          pagesLeft: ahead ? Math.max(1, step.pagesLeft) : step.pagesLeft - 1,
        }
      : undefined;
  return changed;
}

/** With nothing left to read: 'done' once every chunk is settled (stamping doneAt), else 'wait' for rows still to come. */
async function finishOrWait(run: TrackingRun, deps: TrackerDeps, batchId: string): Promise<'done' | 'wait'> {
  const { t, now } = run;
  // Rows may still arrive: chunks being sent, or unconfirmed ones a check may yet find.
  if (!t.batch!.chunks.every((c) => c.state === 'confirmed' || c.state === 'stopped')) return 'wait';
  const all = [...t.rows.values()];
  if (t.batch!.doneAt === undefined)
    await deps.journal.update(batchId, (b) => ({ batch: { ...b, doneAt: now(), counts: countRows(all) } }));
  return 'done';
}

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
  const run = openTracking(batchId, deps, signal);
  const { t, now, sleep, load } = run;
  const { state } = t;
  let idleGap = 0;
  while (!signal.aborted) {
    if (t.batch === undefined || now() - t.loadedAt >= RELOAD_EVERY_MS) await load();
    if (t.batch === undefined) return 'stopped';
    if (t.batch.trackingPaused) return 'paused';
    const step = planStep(t.order, state, now());
    if (step === null) {
      await load(true);
      if (t.batch === undefined) return 'stopped';
      if (planStep(t.order, state, now()) !== null) continue;
      if ((await finishOrWait(run, deps, batchId)) === 'done') return 'done';
      await sleep(1500, signal);
      continue;
    }
    let changed = 0;
    try {
      await run.pace();
      signal.throwIfAborted();
      if (step.straggler) state.lastStragglerPass = now();
      changed =
        step.kind === 'probe' ? await probe(run, deps, signal, step.seq) : await readPage(run, deps, signal, step);
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
