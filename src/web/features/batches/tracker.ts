import type { ApiClient } from '../../api/client';
import type { ExecutionListItem, ListPage } from '../../../contract/openapi-document';
import type { BatchJournal } from './batch-journal';
import { countRows, isFinal, type BatchRecord, type RowRecord } from './batch-types';

/** Share of the key's per-minute budget the tracker may use: 18 of 100, leaving the rest to people. */
export const TRACKER_SHARE = 0.18;
/** A full sweep (every unfinished execution) at least this often; between them only the busy front is read. */
export const FULL_SWEEP_EVERY_MS = 5 * 60_000;
/** How many of the oldest still-initial executions count as the front: they start next. */
export const FRONT_SIZE = 100;
export const PAGE_SIZE = 100;

export type Direction = 'older' | 'newer';

export interface SweepPlan {
  /** Where to start reading: a cursor the service gave before (never a made-up one), or null for the top. */
  startCursor: string | null;
  targets: Set<string>;
  full: boolean;
}

type Tracked = Pick<RowRecord, 'executionId' | 'status' | 'createdAt' | 'pageCursor'>;

const byCreated = (a: Tracked, b: Tracked): number => ((a.createdAt ?? '') < (b.createdAt ?? '') ? -1 : (a.createdAt ?? '') > (b.createdAt ?? '') ? 1 : 0);

/**
 * Chooses what the next sweep reads. Statuses come from list pages only. Between full sweeps only
 * the front moves (executions run in creation order, at most 10 at once per workflow), so the
 * sweep reads the processing executions and the oldest initial ones, starting at the page where
 * the first of them (in the list's order) was last seen. Returns null when nothing is unfinished.
 */
export function planSweep(
  rows: readonly Tracked[],
  state: { direction?: Direction; lastFullSweepAt?: number },
  now: number,
): SweepPlan | null {
  const open = rows.filter((r) => r.executionId !== undefined && !isFinal(r.status));
  if (open.length === 0) return null;
  const neverSeen = open.some((r) => r.pageCursor === undefined || r.createdAt === undefined);
  const full = neverSeen || state.direction === undefined || state.lastFullSweepAt === undefined || now - state.lastFullSweepAt >= FULL_SWEEP_EVERY_MS;
  let chosen: Tracked[];
  if (full) chosen = open;
  else {
    const processing = open.filter((r) => r.status === 'processing');
    const front = open
      .filter((r) => r.status === 'initial')
      .sort(byCreated)
      .slice(0, FRONT_SIZE);
    chosen = [...processing, ...front];
    // Only executions waiting for a person remain: they move rarely, so read them all.
    if (chosen.length === 0) chosen = open;
  }
  const targets = new Set(chosen.map((r) => r.executionId!));
  if (neverSeen || state.direction === undefined) return { startCursor: null, targets, full: true };
  const sorted = [...chosen].sort(byCreated);
  const first = state.direction === 'older' ? sorted[sorted.length - 1]! : sorted[0]!;
  return { startCursor: first.pageCursor ?? null, targets, full };
}

/**
 * Learns which way the cursor walks. The client hands pages newest-first, so the returned cursor
 * (the created_at of the page's last item as the service sent it) tells the service's order; when
 * the cursor is opaque, a second page decides.
 */
export function learnDirection(first: ListPage<ExecutionListItem>, second?: ListPage<ExecutionListItem>): Direction | undefined {
  const times = first.data.map((e) => e.created_at).sort();
  if (times.length === 0) return undefined;
  if (first.cursor !== null && times.length > 1) {
    if (first.cursor === times[0]) return 'older';
    if (first.cursor === times[times.length - 1]) return 'newer';
  }
  if (second === undefined || second.data.length === 0) return undefined;
  const next = second.data.map((e) => e.created_at).sort();
  if (next[next.length - 1]! < times[0]!) return 'older';
  if (next[0]! > times[times.length - 1]!) return 'newer';
  return undefined;
}

/** Whether every remaining target lies behind the page just read, so reading further finds none of them. */
export function passedAll(remaining: readonly Tracked[], page: readonly ExecutionListItem[], direction: Direction | undefined): boolean {
  if (direction === undefined || page.length === 0 || remaining.some((r) => r.createdAt === undefined)) return false;
  const times = page.map((e) => e.created_at).sort();
  return direction === 'older' ? remaining.every((r) => r.createdAt! > times[times.length - 1]!) : remaining.every((r) => r.createdAt! < times[0]!);
}

export interface SweepResult {
  requests: number;
  direction: Direction | undefined;
  /** Executions seen, with the cursor of the page they were on. */
  seen: { item: ExecutionListItem; cursor: string | null }[];
}

/** Reads pages from the plan's start until every target was seen, the list ends, or the targets are behind. */
export async function runSweep(
  plan: SweepPlan,
  rowsById: ReadonlyMap<string, Tracked>,
  direction: Direction | undefined,
  fetchPage: (cursor: string | null) => Promise<ListPage<ExecutionListItem>>,
  maxPages = 1000,
): Promise<SweepResult> {
  const remaining = new Set(plan.targets);
  const seen: SweepResult['seen'] = [];
  let cursor = plan.startCursor;
  let requests = 0;
  let firstPage: ListPage<ExecutionListItem> | undefined;
  for (let i = 0; i < maxPages; i += 1) {
    const page = await fetchPage(cursor);
    requests += 1;
    if (direction === undefined) {
      direction = firstPage === undefined ? learnDirection(page) : learnDirection(firstPage, page);
      firstPage ??= page;
    }
    for (const item of page.data) {
      if (!rowsById.has(item.id)) continue;
      seen.push({ item, cursor });
      remaining.delete(item.id);
    }
    if (remaining.size === 0 || page.cursor === null || page.data.length === 0) break;
    const left = [...remaining].map((id) => rowsById.get(id)).filter((r): r is Tracked => r !== undefined);
    if (passedAll(left, page.data, direction)) break;
    cursor = page.cursor;
  }
  return { requests, direction, seen };
}

/** Applies what a sweep saw to the rows; returns the changed rows only. */
export function applySweep(rows: readonly RowRecord[], seen: SweepResult['seen']): RowRecord[] {
  const byId = new Map<string, RowRecord>();
  for (const r of rows) if (r.executionId !== undefined) byId.set(r.executionId, r);
  const changed = new Map<number, RowRecord>();
  for (const { item, cursor } of seen) {
    const row = byId.get(item.id);
    if (row === undefined) continue;
    const error = item.error ?? row.error;
    if (row.status === item.status && row.createdAt === item.created_at && row.pageCursor === cursor && row.error === error) continue;
    const next: RowRecord = { ...row, status: item.status, createdAt: item.created_at, pageCursor: cursor };
    if (error !== undefined) next.error = error;
    changed.set(row.index, next);
  }
  return [...changed.values()];
}

/** Keeps the completion samples small: at most `max`, thinned evenly, the latest always kept. */
export function addSample(samples: readonly [number, number][], sample: [number, number], max = 240): [number, number][] {
  const last = samples[samples.length - 1];
  if (last !== undefined && last[1] === sample[1]) return [...samples];
  const next = [...samples, sample];
  if (next.length <= max) return next;
  return next.filter((_, i) => i % 2 === 0 || i === next.length - 1);
}

export interface TrackerDeps {
  journal: BatchJournal;
  api: Pick<ApiClient, 'listExecutions'>;
  /** Requests per minute the key may make (the scheduler's budget). */
  budget: () => number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Called with each request's time, for tests and the bench. */
  onRequest?: (at: number) => void;
}

const realSleep = (ms: number, signal: AbortSignal): Promise<void> =>
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

/** The time between two tracker requests: its share of the budget, never faster than twice a second. */
export const trackerIntervalMs = (budget: number): number => Math.max(500, 60_000 / (Math.max(1, budget) * TRACKER_SHARE));

/**
 * Follows one batch to the end from list pages, at background priority and at most TRACKER_SHARE
 * of the budget; sweeps that change nothing make the next one wait longer (up to 30 s).
 */
export async function trackBatch(batchId: string, deps: TrackerDeps, signal: AbortSignal): Promise<'done' | 'paused' | 'stopped'> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  let lastRequest = -Infinity;
  let idleGap = 0;
  const pace = async (): Promise<void> => {
    const wait = lastRequest + trackerIntervalMs(deps.budget()) - now();
    if (wait > 0) await sleep(wait, signal);
    lastRequest = now();
  };
  while (!signal.aborted) {
    const batch = await deps.journal.get(batchId);
    if (batch === undefined) return 'stopped';
    if (batch.trackingPaused) return 'paused';
    const rows = await deps.journal.rows(batchId);
    const plan = planSweep(rows, { direction: batch.listDirection, lastFullSweepAt: batch.lastFullSweepAt }, now());
    if (plan === null) {
      // Rows may still arrive: chunks being sent, or unconfirmed ones a check may yet find.
      if (batch.chunks.every((c) => c.state === 'confirmed')) {
        if (batch.doneAt === undefined) await deps.journal.update(batchId, (b) => ({ batch: { ...b, doneAt: now(), counts: countRows(rows) } }));
        return 'done';
      }
      await sleep(1500, signal);
      continue;
    }
    const tracked = new Map<string, RowRecord>();
    for (const r of rows) if (r.executionId !== undefined) tracked.set(r.executionId, r);
    let result: SweepResult;
    try {
      result = await runSweep(plan, tracked, batch.listDirection, async (cursor) => {
        await pace();
        signal.throwIfAborted();
        deps.onRequest?.(now());
        return deps.api.listExecutions(batch.workflowId, { limit: PAGE_SIZE, cursor }, { priority: 'background', signal });
      });
    } catch (e) {
      if (signal.aborted) return 'stopped';
      // A failed page (offline, 5xx) is retried on the next sweep, after a pause.
      idleGap = Math.min(30_000, Math.max(2000, idleGap * 2));
      await sleep(idleGap, signal);
      void e;
      continue;
    }
    const changed = applySweep(rows, result.seen);
    const byIndex = new Map(changed.map((r) => [r.index, r]));
    const all = rows.map((r) => byIndex.get(r.index) ?? r);
    const counts = countRows(all);
    const finals = counts.finished + counts.error;
    await deps.journal.update(batchId, (b) => ({
      batch: {
        ...b,
        counts,
        progress: addSample(b.progress, [now(), finals]),
        ...(result.direction !== undefined ? { listDirection: result.direction } : {}),
        ...(plan.full ? { lastFullSweepAt: now() } : {}),
      },
      rows: changed,
    }));
    idleGap = changed.length > 0 ? 0 : Math.min(30_000, Math.max(2000, idleGap * 2));
    if (idleGap > 0) await sleep(idleGap, signal);
  }
  return 'stopped';
}

export const isTrackable = (b: BatchRecord): boolean => b.doneAt === undefined && !b.trackingPaused;
