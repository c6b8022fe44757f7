import type { ApiClient, ListedExecution } from '@/api/client';
import type { ExecutionDetail, ListPage } from '@contract/openapi-document';
import type { BatchJournal } from './batch-journal';
import { errorFromResults } from './details';
import { countRows, isFinal, type BatchRecord, type RowRecord } from './batch-types';

/**
 * How the tracker follows a batch with as few requests as the truth allows.
 *
 * The service runs a workflow's executions in creation order, so the oldest rows finish first and
 * the rows that change are a narrow front that moves from the oldest to the newest. A list page
 * holds 100 executions and its cursor is a created_at: a page read with the created_at of the row
 * 100 places newer than the front gives exactly the front's 100 rows. The API gives any
 * execution's created_at through its detail, so one detail read (a "probe") of the row at that
 * boundary turns into a real cursor; a cursor is never made up. Every page read also teaches the
 * created_at of every row on it, and its own cursor leads one page further the same way, so a
 * walk from a probe down to the front costs one request a page.
 *
 * When the service is far ahead of what the page knows (instant executions, a reload after an
 * hour), probes double their distance while they find finished rows, and the walk then covers
 * everything behind the last probe at one request per 100 rows. Rows still unfinished while most
 * rows after them are done (waiting for a person, a long run) are stragglers: they are read again
 * on their own every STRAGGLER_EVERY_MS instead of holding the front back.
 */
export const PAGE_SIZE = 100;
export const STRAGGLER_EVERY_MS = 20_000;
/** Sweeps that change nothing make the next one wait longer, up to this. */
export const MAX_IDLE_MS = 15_000;

export type Direction = 'older' | 'newer';

/** What the tracker knows of one row (its latest attempt). */
export type Tracked = Pick<RowRecord, 'index' | 'executionId' | 'status' | 'createdAt'>;

/**
 * The rows with an execution, in the order the service created them: chunks are sent one after
 * another in index order, and a chunk's items are created in item order, so a re-run row (sent in
 * a later chunk) comes after every first attempt.
 */
export function creationOrder<R extends Tracked>(batch: Pick<BatchRecord, 'chunks'>, rows: readonly R[]): R[] {
  const byIndex = new Map(rows.map((r) => [r.index, r]));
  const latest = new Map<number, number>();
  const chunks = [...batch.chunks].sort((a, b) => a.index - b.index);
  for (const c of chunks) if (c.state === 'confirmed') for (const i of c.rows) latest.set(i, c.index);
  const order: R[] = [];
  for (const c of chunks) {
    if (c.state !== 'confirmed') continue;
    for (const i of c.rows) {
      const r = byIndex.get(i);
      if (r !== undefined && r.executionId !== undefined && latest.get(i) === c.index) order.push(r);
    }
  }
  return order;
}

export interface PlanState {
  /** Which way the list's cursor walks, once learned. */
  direction?: Direction;
  /** A walk under way: the next page's cursor, the position it must reach, and how many pages it may still read. */
  walk?: { cursor: string | null; untilSeq: number; pagesLeft: number };
  /** The last probe, until a walk starts from it or a farther probe replaces it. */
  probe?: { seq: number; final: boolean };
  lastStragglerPass?: number;
}

export type Step =
  | { kind: 'probe'; seq: number; straggler: boolean }
  | { kind: 'list'; cursor: string | null; untilSeq: number; pagesLeft: number; straggler: boolean };

/**
 * The position (in creation order) the next read must cover: the oldest unfinished row that is not
 * a straggler, or the oldest straggler when their turn has come; -1 when every row is final.
 */
export function frontier(
  order: readonly Tracked[],
  state: Pick<PlanState, 'lastStragglerPass'>,
  now: number,
): { seq: number; straggler: boolean } {
  const n = order.length;
  // finalAhead[i]: final rows among the PAGE_SIZE rows after i.
  let finalInWindow = 0;
  const finalAhead = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i -= 1) {
    finalAhead[i] = finalInWindow;
    if (isFinal(order[i]!.status)) finalInWindow += 1;
    const leaving = i + PAGE_SIZE;
    if (leaving < n && isFinal(order[leaving]!.status)) finalInWindow -= 1;
  }
  let firstStraggler = -1;
  for (let i = 0; i < n; i += 1) {
    if (isFinal(order[i]!.status)) continue;
    const window = Math.min(PAGE_SIZE, n - 1 - i);
    const straggler = window >= 10 && finalAhead[i]! >= window / 2;
    if (!straggler) {
      const due =
        firstStraggler >= 0 &&
        (state.lastStragglerPass === undefined || now - state.lastStragglerPass >= STRAGGLER_EVERY_MS);
      return due ? { seq: firstStraggler, straggler: true } : { seq: i, straggler: false };
    }
    if (firstStraggler < 0) firstStraggler = i;
  }
  return { seq: firstStraggler, straggler: firstStraggler >= 0 };
}

/** Chooses the next request: a page of the list from a cursor the service gave, or a probe. Null when every row is final. */
export function planStep(order: readonly Tracked[], state: PlanState, now: number): Step | null {
  const { seq: front, straggler } = frontier(order, state, now);
  if (front < 0) return null;
  if (state.walk !== undefined) return { kind: 'list', ...state.walk, straggler };
  const n = order.length;
  const createdAt = (s: number): string | undefined => order[s]?.createdAt;
  if (state.direction === 'newer') {
    // Oldest first: a cursor just before the front reads the front and what follows it.
    for (let s = front - 1; s >= Math.max(0, front - PAGE_SIZE / 2); s -= 1) {
      const c = createdAt(s);
      if (c !== undefined) return { kind: 'list', cursor: c, untilSeq: front, pagesLeft: 1, straggler };
    }
    const probed = createdAt(front);
    if (state.probe?.seq === front && probed !== undefined)
      return { kind: 'list', cursor: probed, untilSeq: front, pagesLeft: 1, straggler };
    return { kind: 'probe', seq: front, straggler };
  }
  const probe = state.probe;
  if (probe !== undefined && probe.seq > front && createdAt(probe.seq) !== undefined) {
    // A finished row far ahead: the service is at least there, so look twice as far before walking back.
    if (probe.final && probe.seq < n - 1 && probe.seq - front >= PAGE_SIZE)
      return { kind: 'probe', seq: Math.min(n - 1, front + 2 * (probe.seq - front)), straggler };
    return {
      kind: 'list',
      cursor: createdAt(probe.seq)!,
      untilSeq: front,
      pagesLeft: Math.ceil((probe.seq - front) / PAGE_SIZE) + 2,
      straggler,
    };
  }
  const boundary = Math.min(n - 1, front + PAGE_SIZE);
  const enough = Math.min(PAGE_SIZE / 2, boundary - front);
  for (let s = boundary; s > front && s - front >= enough; s -= 1) {
    const c = createdAt(s);
    if (c !== undefined) return { kind: 'list', cursor: c, untilSeq: front, pagesLeft: 2, straggler };
  }
  return { kind: 'probe', seq: boundary, straggler };
}

/** Which way a page read from `cursor` walked, from where its items lie; undefined when it cannot tell. */
export function directionOf(page: ListPage<ListedExecution>, cursor: string | null): Direction | undefined {
  const times = page.data.map((e) => e.created_at).sort();
  if (times.length === 0) return undefined;
  if (cursor !== null) {
    if (times[times.length - 1]! < cursor) return 'older';
    if (times[0]! > cursor) return 'newer';
    return undefined;
  }
  if (page.cursor !== null && times.length > 1) {
    if (page.cursor === times[0]) return 'older';
    if (page.cursor === times[times.length - 1]) return 'newer';
  }
  return undefined;
}

/** Whether a walk has reached the position it had to cover. */
export function walkReached(
  page: ListPage<ListedExecution>,
  order: readonly Tracked[],
  seqOf: ReadonlyMap<string, number>,
  untilSeq: number,
  direction: Direction | undefined,
): boolean {
  if (page.cursor === null || page.data.length === 0) return true;
  if (page.data.some((e) => (seqOf.get(e.id) ?? Infinity) <= untilSeq)) return true;
  const target = order[untilSeq]?.createdAt;
  if (target === undefined) return false;
  const times = page.data.map((e) => e.created_at).sort();
  return direction === 'newer' ? times[times.length - 1]! >= target : times[0]! <= target;
}

/** A row as a list item or a detail shows it; returns the changed row, or null when nothing changed. */
export function applySeen(
  row: RowRecord,
  item: ListedExecution | ExecutionDetail,
  cursor: string | null | undefined,
  now: number,
): RowRecord | null {
  if (row.executionId !== item.id) return null;
  const fromDetail = cursor === undefined;
  // A final row seen on a page again has nothing new: renewing its links is the gatherer's job.
  if (
    !fromDetail &&
    row.status === item.status &&
    isFinal(row.status) &&
    row.pageCursor !== undefined &&
    row.createdAt === item.created_at
  )
    return null;
  const next: RowRecord = { ...row, status: item.status, createdAt: item.created_at };
  if (cursor !== undefined) next.pageCursor = cursor;
  const detail = 'results' in item && item.results === null ? undefined : item;
  if ('error' in item && typeof item.error === 'string') next.error = item.error;
  if (detail !== undefined && Array.isArray(detail.results) && isFinal(item.status)) {
    // Contents gathered before stay: a list item never has them, a detail lacks those over 100 KB.
    const had = new Map((row.results ?? []).map((f) => [f.filename, f.content]));
    next.results = detail.results.map((f) =>
      f.content === undefined && had.get(f.filename) !== undefined ? { ...f, content: had.get(f.filename)! } : f,
    );
    next.linksAt = now;
    if (fromDetail) {
      next.detailsAt = now;
      if (item.status === 'error')
        next.error ??= errorFromResults({ results: detail.results }) ?? 'The execution failed without a message.';
    }
  }
  const same =
    row.status === next.status &&
    row.createdAt === next.createdAt &&
    row.pageCursor === next.pageCursor &&
    row.error === next.error &&
    row.detailsAt === next.detailsAt &&
    sameFiles(row.results, next.results);
  return same ? null : next;
}

const sameFiles = (a: RowRecord['results'], b: RowRecord['results']): boolean =>
  a === b ||
  (Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((f, i) => f.filename === b[i]!.filename && f.url === b[i]!.url && f.content === b[i]!.content));

/** Keeps the completion samples small: at most `max`, thinned evenly, the latest always kept. */
export function addSample(
  samples: readonly [number, number][],
  sample: [number, number],
  max = 240,
): [number, number][] {
  const last = samples[samples.length - 1];
  if (last !== undefined && last[1] === sample[1]) return [...samples];
  const next = [...samples, sample];
  if (next.length <= max) return next;
  return next.filter((_, i) => i % 2 === 0 || i === next.length - 1);
}

export interface TrackerDeps {
  journal: BatchJournal;
  api: Pick<ApiClient, 'listExecutions' | 'getExecution'>;
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

export const isTrackable = (b: BatchRecord): boolean => b.doneAt === undefined && !b.trackingPaused;
