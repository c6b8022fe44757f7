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
 * Splits a full sweep over a list that walks toward older items so the oldest unfinished range (the
 * processing executions and the front) is read first: under creation-order scheduling that is where
 * statuses change, and reading it last would hold the page's counts still for the whole sweep.
 * Rows never seen on a page have no position yet, so they stay in the second part.
 */
export function planSegments(
  rows: readonly Tracked[],
  state: { direction?: Direction; lastFullSweepAt?: number },
  now: number,
): SweepPlan[] {
  const plan = planSweep(rows, state, now);
  if (plan === null) return [];
  if (!plan.full || state.direction !== 'older') return [plan];
  const placed = rows.filter((r) => r.executionId !== undefined && plan.targets.has(r.executionId) && r.pageCursor !== undefined && r.createdAt !== undefined);
  const front = planSweep(placed, { direction: 'older', lastFullSweepAt: now }, now);
  if (front === null || front.targets.size === plan.targets.size) return [plan];
  const rest = rows.filter((r) => r.executionId !== undefined && plan.targets.has(r.executionId) && !front.targets.has(r.executionId));
  const second = planSweep(rest, state, now);
  return second === null ? [front] : [front, second];
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

/**
 * Reads pages from the plan's start until every target was seen, the list ends, or the targets are
 * behind; `onPage` gets each page's findings before the next request, so they can be recorded at once.
 */
export async function runSweep(
  plan: SweepPlan,
  rowsById: ReadonlyMap<string, Tracked>,
  direction: Direction | undefined,
  fetchPage: (cursor: string | null) => Promise<ListPage<ExecutionListItem>>,
  maxPages = 1000,
  onPage?: (seen: SweepResult['seen'], direction: Direction | undefined) => Promise<void>,
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
    const onThisPage: SweepResult['seen'] = [];
    for (const item of page.data) {
      if (!rowsById.has(item.id)) continue;
      onThisPage.push({ item, cursor });
      remaining.delete(item.id);
    }
    seen.push(...onThisPage);
    await onPage?.(onThisPage, direction);
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
    const segments = planSegments(rows, { direction: batch.listDirection, lastFullSweepAt: batch.lastFullSweepAt }, now());
    if (segments.length === 0) {
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
    let direction = batch.listDirection;
    let changedCount = 0;
    // Each page's findings go to the journal before the next request, so the page's counts move with every read.
    const recordPage = async (seen: SweepResult['seen'], learned: Direction | undefined): Promise<void> => {
      const changed = applySweep([...tracked.values()], seen);
      const newDirection = learned !== undefined && learned !== direction ? learned : undefined;
      if (changed.length === 0 && newDirection === undefined) return;
      const before = changed.map((r) => tracked.get(r.executionId!)!.status);
      for (const r of changed) tracked.set(r.executionId!, r);
      changedCount += changed.length;
      if (newDirection !== undefined) direction = newDirection;
      await deps.journal.update(batchId, (b) => {
        // Counts move by this page's changes only, so rows another writer touched meanwhile keep their counts.
        const counts = { ...b.counts };
        changed.forEach((r, i) => {
          counts[before[i]!] -= 1;
          counts[r.status] += 1;
        });
        return {
          batch: {
            ...b,
            counts,
            progress: addSample(b.progress, [now(), counts.finished + counts.error]),
            ...(newDirection !== undefined ? { listDirection: newDirection } : {}),
          },
          rows: changed,
        };
      });
    };
    try {
      for (const plan of segments) {
        await runSweep(
          plan,
          tracked,
          direction,
          async (cursor) => {
            await pace();
            signal.throwIfAborted();
            deps.onRequest?.(now());
            return deps.api.listExecutions(batch.workflowId, { limit: PAGE_SIZE, cursor }, { priority: 'background', signal });
          },
          1000,
          recordPage,
        );
      }
    } catch (e) {
      if (signal.aborted) return 'stopped';
      // A failed page (offline, 5xx) is retried on the next sweep, after a pause; the pages read before it are already recorded.
      idleGap = Math.min(30_000, Math.max(2000, idleGap * 2));
      await sleep(idleGap, signal);
      void e;
      continue;
    }
    if (segments.some((p) => p.full)) {
      // A full sweep's end also recounts from the journal, correcting counts another writer left stale.
      const fresh = await deps.journal.rows(batchId);
      await deps.journal.update(batchId, (b) => ({ batch: { ...b, counts: countRows(fresh), lastFullSweepAt: now() } }));
    }
    idleGap = changedCount > 0 ? 0 : Math.min(30_000, Math.max(2000, idleGap * 2));
    if (idleGap > 0) await sleep(idleGap, signal);
  }
  return 'stopped';
}

export const isTrackable = (b: BatchRecord): boolean => b.doneAt === undefined && !b.trackingPaused;
