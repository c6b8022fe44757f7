import type { BatchApi } from '@/server-state/batches';
import type { ExecutionListItem } from '@contract/openapi-document';
import type { BatchJournal } from './batch-journal';
import { allowResend, confirmChunk, withChunk } from './submit';
import type { ChunkRecord, RowRecord } from './batch-types';

/** How far the service's clock may be from ours, either way, when we look for a chunk by time. */
const CLOCK_SKEW_MS = 2 * 60_000;

export type Verdict =
  { verdict: 'landed'; ids: string[] } | { verdict: 'absent' } | { verdict: 'ambiguous'; found: number };

/**
 * Decides whether an unconfirmed chunk reached the service, from the executions created in its time
 * window that no journal row already owns.
 *
 * The heuristic, and its limits: the API never returns inputs, so a chunk can only be recognized by
 * count and time. If exactly as many unknown executions as the chunk has items were created in the
 * window, the chunk landed, and ids are assigned to rows in creation order (the service creates a
 * batch's items in index order with strictly increasing created_at). None means it did not land.
 * Any other count means someone else (another tab, another client, a single run) created executions
 * on this workflow at the same time, and only the user can decide; so the answer is "ambiguous".
 */
export function judge(chunkSize: number, candidates: readonly ExecutionListItem[]): Verdict {
  if (candidates.length === 0) return { verdict: 'absent' };
  if (candidates.length !== chunkSize) return { verdict: 'ambiguous', found: candidates.length };
  const ordered = [...candidates].sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
  );
  return { verdict: 'landed', ids: ordered.map((e) => e.id) };
}

/** The window in which an unconfirmed chunk's executions must have been created. */
function chunkWindow(chunk: ChunkRecord, previousNewestCreatedAt: string | undefined): { from: number; to: number } {
  const sentAt = chunk.sentAt ?? chunk.settledAt ?? Date.now();
  const settled = chunk.settledAt ?? sentAt;
  const floor = sentAt - CLOCK_SKEW_MS;
  // The previous chunk's newest execution is a tighter, clock-independent lower bound when known.
  const prev = previousNewestCreatedAt === undefined ? -Infinity : Date.parse(previousNewestCreatedAt) + 0.001;
  return { from: Math.max(floor, prev), to: settled + CLOCK_SKEW_MS };
}

/**
 * Reads the workflow's executions page by page (at user priority: someone is waiting) until past
 * the window's start, and returns those inside it that no row of any journal batch owns.
 */
async function findCandidates(
  api: Pick<BatchApi, 'listExecutions'>,
  workflowId: string,
  window: { from: number; to: number },
  knownIds: ReadonlySet<string>,
  maxPages = 200,
): Promise<ExecutionListItem[]> {
  const found: ExecutionListItem[] = [];
  let cursor: string | null = null;
  let previousNewest: number | undefined;
  for (let page = 0; page < maxPages; page += 1) {
    const res = await api.listExecutions(workflowId, { limit: 100, cursor }, { priority: 'user' });
    for (const e of res.data) {
      const t = Date.parse(e.created_at);
      if (t >= window.from && t <= window.to && !knownIds.has(e.id)) found.push(e);
    }
    const times = res.data.map((e) => Date.parse(e.created_at));
    if (res.cursor === null || times.length === 0) break;
    const oldest = Math.min(...times);
    const newest = Math.max(...times);
    // Pages walk toward older items on a newest-first service: stop once the window is behind us.
    const walkingOlder = previousNewest === undefined || newest <= previousNewest;
    if (walkingOlder && oldest < window.from) break;
    previousNewest = newest;
    cursor = res.cursor;
  }
  return found;
}

/** Checks one unconfirmed chunk against the service; records ids when it clearly landed. */
export async function reconcileChunk(
  deps: { journal: BatchJournal; api: Pick<BatchApi, 'listExecutions'>; now?: () => number },
  batchId: string,
  chunkIndex: number,
): Promise<Verdict> {
  const { journal, api } = deps;
  const now = deps.now ?? Date.now;
  const batch = await journal.get(batchId);
  const chunk = batch?.chunks.find((c) => c.index === chunkIndex);
  if (batch === undefined || chunk === undefined || chunk.state !== 'unconfirmed') return { verdict: 'absent' };
  if (batch.shared === true) {
    // The server runs each row's attempt once however often it is sent: sending the chunk again is the check.
    await allowResend(journal, batchId, chunkIndex);
    return { verdict: 'landed', ids: [] };
  }
  const rows = await journal.rows(batchId);
  const known = new Set<string>();
  for (const b of await journal.list(batch.workflowId)) {
    const bRows = b.id === batchId ? rows : await journal.rows(b.id);
    for (const r of bRows) {
      if (r.executionId !== undefined) known.add(r.executionId);
      // Earlier attempts of re-run rows are this batch's executions too, never a lost chunk's.
      for (const a of r.attempts ?? []) known.add(a.executionId);
    }
  }
  const previous = batch.chunks
    .filter((c) => c.index < chunkIndex && c.state === 'confirmed')
    .flatMap((c) => c.rows.map((i) => rows[i]));
  const previousNewest = previous
    .map((r: RowRecord | undefined) => r?.createdAt)
    .filter((t): t is string => t !== undefined)
    .sort()
    .at(-1);
  const candidates = await findCandidates(api, batch.workflowId, chunkWindow(chunk, previousNewest), known);
  const verdict = judge(chunk.rows.length, candidates);
  const check = { at: now(), found: candidates.length, verdict: verdict.verdict };
  if (verdict.verdict === 'landed') {
    const byId = new Map(candidates.map((c) => [c.id, c]));
    await journal.update(batchId, (b) => {
      const out = confirmChunk(
        b,
        rows,
        chunk,
        verdict.ids.map((id, index) => ({ execution_id: id, index })),
        now(),
      );
      // The list already told us each execution's status and time; keep them.
      const enriched = out.rows.map((r) => {
        const e = r.executionId === undefined ? undefined : byId.get(r.executionId);
        return e === undefined
          ? r
          : { ...r, status: e.status, createdAt: e.created_at, ...(e.error !== undefined ? { error: e.error } : {}) };
      });
      return { batch: withChunk(out.batch, chunkIndex, { check }), rows: enriched };
    });
  } else {
    await journal.update(batchId, (b) => ({ batch: withChunk(b, chunkIndex, { check }) }));
  }
  return verdict;
}
