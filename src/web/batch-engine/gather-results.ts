import type { BatchApi, ListedExecution } from '@/server-state/batches';
import { LINK_MAX_AGE_MS, needsRefresh } from '@/lib/needs-refresh';
import type { BatchJournal } from './batch-journal';
import type { BatchRecord, RowRecord } from './batch-types';
import { realSleep } from './tracker';
import { creationOrder } from './tracker-plan';
import { applySeen } from './tracker-rows';
import { needsDetails } from './details';
import { isRemovedRun, markRemoved } from './removed-runs';
import { download, withFile, withLinks } from './gather-download';
import { filesToFetch, gatherProgress, hasFinalExecution, type GatherProgress } from './gather-state';

/**
 * Gathers every finished row's results into the journal once the batch is done, so the results
 * spreadsheet holds each row's file contents:
 * 1. rows the list gave no files for (a server whose list items carry no results) get one detail
 *    read each, at background priority and the scheduler's background pace;
 * 2. text files without inline content are fetched from their presigned links, which cost no API
 *    budget, a few at a time; links older than ~55 min are renewed first by reading again the
 *    list page the row was seen on (one request for up to 100 rows), else its detail.
 * Everything is recorded as it arrives, so a reload resumes where it stopped.
 */

/** File downloads at once: the browser allows six connections to a host, and people's clicks need one. */
const FILE_CONCURRENCY = 5;

export interface GatherDeps {
  journal: BatchJournal;
  api: Pick<BatchApi, 'listExecutions' | 'getExecution'>;
  /** The gap between two API requests: the scheduler's background pace. */
  intervalMs: () => number;
  fetchImpl?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  onRequest?: (at: number, kind: 'list' | 'detail') => void;
  onProgress?: (p: GatherProgress) => void;
  /**
   * false: only what costs no API request (downloads from fresh links), for the rows already
   * done while the tracker still has the budget; the rest waits for the batch to finish.
   */
  spendBudget?: boolean;
}

/** Merges what a read or a download found into the row as stored now, if it is still the same execution. */
type Patch = (stored: RowRecord) => RowRecord | null;

/** One gathering pass: the batch, its rows as last seen, and the paced, batched ways to read and record. */
interface Gathering {
  batch: BatchRecord;
  rows: Map<number, RowRecord>;
  deps: GatherDeps;
  signal: AbortSignal;
  now: () => number;
  /** Whether API requests may be spent (see GatherDeps.spendBudget). */
  spend: boolean;
  report: () => void;
  /** Waits for the scheduler's background pace before an API request. */
  pace: () => Promise<void>;
  /** Writes the queued patches to the journal. */
  flush: () => Promise<void>;
  /** Applies a patch to the local row at once and queues it for the journal, flushing past `every` rows. */
  queue: (index: number, patch: Patch, every?: number) => Promise<void>;
  /** True when the row's links are too old to download from. */
  stale: (row: RowRecord) => boolean;
}

function openGathering(
  batch: BatchRecord,
  rows: Map<number, RowRecord>,
  deps: GatherDeps,
  signal: AbortSignal,
): Gathering {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? realSleep;
  const report = () => deps.onProgress?.(gatherProgress([...rows.values()]));
  let lastRequest = -Infinity;
  const pace = async (): Promise<void> => {
    const wait = lastRequest + deps.intervalMs() - now();
    if (wait > 0) await sleep(wait, signal);
    signal.throwIfAborted();
    lastRequest = now();
  };

  const pending = new Map<number, Patch[]>();
  const flush = async (): Promise<void> => {
    if (pending.size === 0) return;
    const work = new Map(pending);
    pending.clear();
    await deps.journal.updateRows(batch.id, [...work.keys()], (b, stored) => {
      const changed: RowRecord[] = [];
      for (const row of stored) {
        let next: RowRecord | null = null;
        for (const patch of work.get(row.index) ?? []) next = patch(next ?? row) ?? next;
        if (next !== null) {
          changed.push(next);
          rows.set(next.index, next);
        }
      }
      return { batch: b, rows: changed };
    });
    report();
  };
  const queue = async (index: number, patch: Patch, every = 200): Promise<void> => {
    const list = pending.get(index) ?? [];
    list.push(patch);
    pending.set(index, list);
    // Local view first, so the loops below see their own findings before the journal write.
    const local = patch(rows.get(index)!);
    if (local !== null) rows.set(index, local);
    if (pending.size >= every) await flush();
  };
  const stale = (r: RowRecord): boolean => needsRefresh(r.linksAt ?? r.detailsAt ?? 0, now(), LINK_MAX_AGE_MS);
  return { batch, rows, deps, signal, now, spend: deps.spendBudget ?? true, report, pace, flush, queue, stale };
}

/** Reads one row's execution (one API request) and records its files and links. */
async function readDetail(g: Gathering, row: RowRecord): Promise<void> {
  await g.pace();
  g.deps.onRequest?.(g.now(), 'detail');
  const executionId = row.executionId!;
  let detail;
  try {
    detail = await g.deps.api.getExecution(g.batch.workflowId, executionId, {
      priority: 'background',
      signal: g.signal,
    });
  } catch (error) {
    if (!isRemovedRun(error)) throw error;
    await g.queue(row.index, (stored) => markRemoved(stored, executionId), 20);
    return;
  }
  const at = g.now();
  await g.queue(row.index, (stored) => applySeen(stored, detail, undefined, at), 20);
}

export async function gatherResults(
  batchId: string,
  deps: GatherDeps,
  signal: AbortSignal,
): Promise<'done' | 'stopped'> {
  const batch = await deps.journal.get(batchId);
  if (batch === undefined) return 'stopped';
  const rows = new Map((await deps.journal.rows(batchId)).map((r) => [r.index, r]));
  const g = openGathering(batch, rows, deps, signal);
  g.report();
  try {
    // 1. Files the list did not give: one detail each.
    if (g.spend)
      for (const row of [...rows.values()].filter((r) => hasFinalExecution(r) && needsDetails(r)))
        await readDetail(g, row);
    await g.flush();
    // 2. Contents from presigned links, renewing old links first.
    await fetchContents(g);
    await g.flush();
  } catch (e) {
    await g.flush().catch(() => undefined);
    if (signal.aborted) return 'stopped';
    throw e;
  }
  return 'done';
}

/** Downloads the text files rows still lack, FILE_CONCURRENCY at a time, renewing stale or rejected links. */
async function fetchContents(g: Gathering): Promise<void> {
  const { rows, spend, stale, signal } = g;
  const todo = () =>
    [...rows.values()].filter((r) => hasFinalExecution(r) && filesToFetch(r).length > 0 && (spend || !stale(r)));
  if (spend) await renewLinks(g, todo().filter(stale));
  const renewedOnce = new Set<number>();
  let next = 0;
  const list = todo();
  const worker = async (): Promise<void> => {
    while (next < list.length) {
      signal.throwIfAborted();
      const row = rows.get(list[next++]!.index)!;
      if (stale(row)) {
        if (!spend) continue;
        await renewLinks(g, [row]);
      }
      for (const file of filesToFetch(rows.get(row.index)!)) {
        const got = await download(file, signal, g.deps.fetchImpl);
        if (got.kind === 'expired' && !spend) break;
        if (got.kind === 'expired' && !renewedOnce.has(row.index)) {
          // A rejected link: renew it once (a detail), then try that file again on the next pass.
          renewedOnce.add(row.index);
          await readDetail(g, rows.get(row.index)!);
          list.push(rows.get(row.index)!);
          break;
        }
        const executionId = row.executionId;
        await g.queue(row.index, (stored) => withFile(stored, executionId, file.filename, got));
      }
    }
  };
  await Promise.all(Array.from({ length: FILE_CONCURRENCY }, worker));
}

/**
 * Renews links a page at a time: the list page read from the created_at of the row 100 places
 * newer than the oldest stale row holds that row and the 99 after it (the tracker's cursors, all
 * known by now). Rows a page did not show, or with no files on the list, get a detail read.
 */
async function renewLinks(g: Gathering, stale: readonly RowRecord[]): Promise<void> {
  if (stale.length === 0) return;
  const { batch, rows } = g;
  const order = creationOrder(batch, [...rows.values()]);
  const seqOf = new Map(order.map((r, i) => [r.index, i]));
  const left = new Set(stale.map((r) => r.index));
  const alone: RowRecord[] = [];
  const newestFirst = batch.listDirection !== 'newer';
  for (const r of [...stale].sort((a, b) => (seqOf.get(a.index) ?? 0) - (seqOf.get(b.index) ?? 0))) {
    if (!left.has(r.index)) continue;
    const s = seqOf.get(r.index);
    const anchor =
      s === undefined ? undefined : newestFirst ? order[Math.min(order.length - 1, s + 100)] : order[s - 1];
    const cursor = anchor?.createdAt;
    if (cursor === undefined || anchor === r) {
      left.delete(r.index);
      alone.push(r);
      continue;
    }
    await g.pace();
    g.deps.onRequest?.(g.now(), 'list');
    const page = await g.deps.api.listExecutions(
      batch.workflowId,
      { limit: 100, cursor },
      { priority: 'background', signal: g.signal },
    );
    const at = g.now();
    const byId = new Map<string, ListedExecution>(page.data.map((e) => [e.id, e]));
    for (const other of order) {
      const item = byId.get(other.executionId!);
      if (item?.results === undefined || !left.has(other.index)) continue;
      left.delete(other.index);
      await g.queue(other.index, (stored) => withLinks(stored, other.executionId!, item.results!, at), 100);
    }
    if (left.has(r.index)) {
      left.delete(r.index);
      alone.push(r);
    }
  }
  for (const r of alone) await readDetail(g, r);
  await g.flush();
}
