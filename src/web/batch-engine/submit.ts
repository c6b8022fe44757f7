import type { BatchApi } from '@/server-state/batches';
import { RateLimitedError, isApiError } from '@/api/errors';
import type { BatchJournal } from './batch-journal';
import { countRows, type BatchRecord, type ChunkRecord, type RowRecord } from './batch-types';

/** The v1 batch request, and where the server keeps batches for the account, its calls to declare and run them. */
export type SubmitApi = Pick<BatchApi, 'createBatch'> &
  Partial<Pick<BatchApi, 'sharedBatchesSupported' | 'declareBatch' | 'createBatchRuns'>>;

export type SubmitOutcome =
  | { kind: 'done' }
  /** A chunk waits for the user: unconfirmed (check the server first) or failed (the server refused it). */
  | { kind: 'blocked'; chunk: number; reason: string };

/** Whether the request certainly created nothing: the server answered with a refusal. */
function nothingCreated(e: unknown): boolean {
  return isApiError(e) && e.status >= 400 && e.status < 500;
}

/** What a failure says, for the journal and the page. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Sends the batch's chunks one after another. Each chunk is marked `sending` in the journal before
 * its request, and the execution ids are recorded with each row's index when it returns, so a
 * chunk is never sent twice: a lost answer (network error, 5xx) leaves it `unconfirmed` until the
 * service's list is checked and the user decides. Only one tab submits a batch at a time.
 */
export async function submitBatch(
  batchId: string,
  deps: { journal: BatchJournal; api: SubmitApi; now?: () => number },
): Promise<SubmitOutcome> {
  const run = () => submitLocked(batchId, deps);
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (locks === undefined) return run();
  const outcome = await locks.request(`wf-batch-submit:${batchId}`, { ifAvailable: true }, (lock) =>
    lock === null ? ({ kind: 'blocked', chunk: -1, reason: 'Another tab is sending this batch.' } as const) : run(),
  );
  return outcome;
}

async function submitLocked(
  batchId: string,
  deps: { journal: BatchJournal; api: SubmitApi; now?: () => number },
): Promise<SubmitOutcome> {
  const now = deps.now ?? Date.now;
  const { journal, api } = deps;
  // Holding the lock means no other tab is sending; a chunk still `sending` is from a crash.
  await journal.recover(batchId, now());
  for (;;) {
    const batch = await journal.get(batchId);
    if (batch === undefined)
      return { kind: 'blocked', chunk: -1, reason: 'This batch is no longer saved in this browser.' };
    const blocker = batch.chunks.find((c) => c.state === 'unconfirmed' || c.state === 'failed');
    if (blocker !== undefined) {
      return {
        kind: 'blocked',
        chunk: blocker.index,
        reason:
          blocker.state === 'failed'
            ? `Chunk ${blocker.index + 1} was refused: ${blocker.error ?? 'no reason given'}`
            : `Chunk ${blocker.index + 1} may or may not have reached the service.`,
      };
    }
    const next = batch.chunks.find((c) => c.state === 'pending');
    if (next === undefined) return { kind: 'done' };
    const declared = await declareOnServer(batch, deps);
    if (declared !== null) return declared;
    const shared = (await journal.get(batchId))?.shared === true;
    const rows = await journal.rows(batchId);
    const items = next.rows.map((i) => rows[i]!.input);
    // Claimed inside the write: a Stop that landed since the read above leaves the chunk unsent.
    let claimed = false;
    await journal.update(batchId, (b) => {
      claimed = b.chunks.find((c) => c.index === next.index)?.state === 'pending';
      return { batch: claimed ? withChunk(b, next.index, { state: 'sending', sentAt: now() }) : b };
    });
    if (!claimed) continue;
    try {
      const res =
        shared && api.createBatchRuns !== undefined
          ? await api.createBatchRuns(
              batchId,
              next.rows.map((i, item) => ({ row: i, attempt: rows[i]!.attempt, input: items[item]! })),
              batch.concurrency ?? undefined,
              { priority: 'user' },
            )
          : await api.createBatch(batch.workflowId, items, batch.concurrency ?? undefined, { priority: 'user' });
      // Rows the server already had (a resent chunk whose first answer was lost) were not run again: say so.
      const received = res.executions.length - res.total;
      await journal.update(batchId, (b) => {
        const out = confirmChunk(b, rows, next, res.executions, now(), res.batch_id);
        if (!shared || received <= 0) return out;
        const check = { at: now(), found: received, verdict: 'landed' as const };
        return { ...out, batch: withChunk(out.batch, next.index, { check }) };
      });
    } catch (e) {
      if (e instanceof RateLimitedError || !nothingCreated(e)) {
        // A 429 created nothing, but after the scheduler's own retries the page should say so and wait.
        const state = e instanceof RateLimitedError ? 'pending' : 'unconfirmed';
        await journal.update(batchId, (b) => ({
          batch: withCounts(
            withChunk(b, next.index, { state, settledAt: now(), error: errorMessage(e) }),
            rows,
            state === 'unconfirmed' ? next.rows : [],
            'unknown',
          ),
          rows: state === 'unconfirmed' ? next.rows.map((i) => ({ ...rows[i]!, status: 'unknown' as const })) : [],
        }));
        if (e instanceof RateLimitedError)
          return {
            kind: 'blocked',
            chunk: next.index,
            reason: `The service is rate limiting this key; resume in ${e.retryAfterSeconds} s.`,
          };
      } else {
        await journal.update(batchId, (b) => ({
          batch: withChunk(b, next.index, { state: 'failed', settledAt: now(), error: errorMessage(e) }),
        }));
      }
    }
  }
}

/** The longest file name the server keeps. */
const FILE_NAME_MAX = 255;

/**
 * Before the first chunk goes out: where the server keeps batches for the account, the batch is
 * declared there (file, columns, mapping, row count) under its own id, so everyone on the account
 * sees it and its rows are sent by row and attempt; elsewhere it stays in this browser only. A
 * batch already partly sent the v1 way stays that way. Returns what blocks sending, or null.
 */
async function declareOnServer(
  batch: BatchRecord,
  deps: { journal: BatchJournal; api: SubmitApi },
): Promise<SubmitOutcome | null> {
  const { journal, api } = deps;
  let shared = batch.shared;
  if (shared === undefined) {
    const untouched = batch.chunks.every((c) => c.state === 'pending' || c.state === 'stopped');
    shared =
      untouched &&
      api.declareBatch !== undefined &&
      api.createBatchRuns !== undefined &&
      ((await api.sharedBatchesSupported?.().catch(() => false)) ?? false);
    await journal.update(batch.id, (b) => ({ batch: { ...b, shared } }));
  }
  if (!shared || batch.declared === true || api.declareBatch === undefined) return null;
  try {
    await api.declareBatch(
      batch.id,
      {
        workflow_id: batch.workflowId,
        file_name: batch.fileName.slice(0, FILE_NAME_MAX),
        columns: batch.columns.slice(0, 1000).map((c) => c.slice(0, 1000)),
        mapping: { ...batch.mapping },
        row_count: batch.rowCount,
      },
      { priority: 'user' },
    );
  } catch (e) {
    return { kind: 'blocked', chunk: -1, reason: `The batch could not be recorded on the server: ${errorMessage(e)}` };
  }
  await journal.update(batch.id, (b) => ({ batch: { ...b, declared: true } }));
  return null;
}

export function withChunk(batch: BatchRecord, index: number, patch: Partial<ChunkRecord>): BatchRecord {
  return { ...batch, chunks: batch.chunks.map((c) => (c.index === index ? { ...c, ...patch } : c)) };
}

/** Recomputes counts as if the given rows had the given status. */
function withCounts(
  batch: BatchRecord,
  rows: readonly RowRecord[],
  changed: readonly number[],
  status: RowRecord['status'],
): BatchRecord {
  if (changed.length === 0) return batch;
  const set = new Set(changed);
  return { ...batch, counts: countRows(rows.map((r) => (set.has(r.index) ? { status } : r))) };
}

/** Records a chunk's execution ids against its rows, by the item index the service returned. */
export function confirmChunk(
  batch: BatchRecord,
  rows: readonly RowRecord[],
  chunk: ChunkRecord,
  executions: readonly { execution_id: string; index: number }[],
  now: number,
  serverBatchId?: string,
): { batch: BatchRecord; rows: RowRecord[] } {
  const changed: RowRecord[] = [];
  const byItem = new Map(executions.map((e) => [e.index, e.execution_id]));
  chunk.rows.forEach((rowIndex, item) => {
    const id = byItem.get(item);
    const row = rows[rowIndex]!;
    changed.push(
      id === undefined
        ? { ...row, status: 'skipped', error: 'The service accepted the chunk but returned no execution for this row.' }
        : {
            ...row,
            status: 'initial',
            executionId: id,
            error: undefined,
            createdAt: undefined,
            pageCursor: undefined,
            results: undefined,
            detailsAt: undefined,
            linksAt: undefined,
          },
    );
  });
  const byIndex = new Map(changed.map((r) => [r.index, r]));
  const all = rows.map((r) => byIndex.get(r.index) ?? r);
  const next = withChunk(batch, chunk.index, {
    state: 'confirmed',
    settledAt: now,
    error: undefined,
    ...(serverBatchId !== undefined ? { serverBatchId } : {}),
  });
  return { batch: { ...next, counts: countRows(all) }, rows: changed };
}

/** After the user agreed: an unconfirmed or failed chunk goes back to pending so the next submit sends it. */
export async function allowResend(journal: BatchJournal, batchId: string, chunkIndex: number): Promise<void> {
  const rows = await journal.rows(batchId);
  await journal.update(batchId, (b) => {
    const chunk = b.chunks.find((c) => c.index === chunkIndex);
    if (chunk === undefined || (chunk.state !== 'unconfirmed' && chunk.state !== 'failed')) return { batch: b };
    const changed = chunk.rows.map((i) => ({ ...rows[i]!, status: 'unsent' as const }));
    const set = new Map(changed.map((r) => [r.index, r]));
    return {
      batch: {
        ...withChunk(b, chunkIndex, { state: 'pending', error: undefined, check: undefined }),
        counts: countRows(rows.map((r) => set.get(r.index) ?? r)),
      },
      rows: changed,
    };
  });
}
