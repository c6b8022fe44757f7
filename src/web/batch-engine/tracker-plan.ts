import type { ListedExecution } from '@/server-state/batches';
import type { ListPage } from '@contract/openapi-document';
import { isFinal, type BatchRecord, type RowRecord } from './batch-types';

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
const STRAGGLER_EVERY_MS = 20_000;

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
  // A final row here was never listed: the server removed its run (404), so it tells nothing about the
  // rest. Probe the nearest row before it that may still be there instead.
  let target = boundary;
  while (target > front && isFinal(order[target]!.status)) target -= 1;
  return { kind: 'probe', seq: target, straggler };
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
