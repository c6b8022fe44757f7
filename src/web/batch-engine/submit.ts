import type { BatchApi, CancelOutcome } from '@/server-state/batches';
import { RateLimitedError, isApiError } from '@/api/errors';
import type { BatchJournal } from './batch-journal';
import { countRows, isFinal, type BatchRecord, type ChunkRecord, type RowRecord, type StopRecord } from './batch-types';

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

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

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
            withChunk(b, next.index, { state, settledAt: now(), error: message(e) }),
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
          batch: withChunk(b, next.index, { state: 'failed', settledAt: now(), error: message(e) }),
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
    return { kind: 'blocked', chunk: -1, reason: `The batch could not be recorded on the server: ${message(e)}` };
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

export const STOPPED_MESSAGE = 'Not sent: the batch was stopped.';
/** The cancel extension takes at most this many ids a call. */
const CANCEL_IDS_MAX = 10_000;

export interface StopOutcome {
  unsentStopped: number;
  cancel: 'done' | 'unsupported' | 'failed';
  cancelled?: number;
  stopping?: number;
}

export interface StopDeps {
  journal: BatchJournal;
  api: Pick<BatchApi, 'cancelExecutions'>;
  /** Whether the server offers the cancel extension (asked after sending has been halted). */
  cancelSupported: () => Promise<boolean>;
  /** Resolves when a chunk this tab is sending right now has settled, so its executions are cancelled too. */
  settled?: () => Promise<unknown>;
  now?: () => number;
}

/**
 * Stops a batch. First, at once and on any server, every chunk not yet sent is marked stopped
 * (inside one journal write, which a sender claiming a chunk respects) and its rows become
 * skipped. Then, where the server offers the cancel extension, the batch's unfinished executions
 * are cancelled: by the server's batch id when every sent chunk's answer carried one, else by
 * ids, 10,000 a call. The journal records the stop and its outcome; tracking goes on until
 * every row is final.
 */
export async function stopBatchWith(deps: StopDeps, batchId: string): Promise<StopOutcome> {
  const now = deps.now ?? Date.now;
  const { journal } = deps;
  const batch = await journal.get(batchId);
  if (batch === undefined) return { unsentStopped: 0, cancel: 'failed' };
  const unsent = batch.chunks.filter((c) => c.state === 'pending').flatMap((c) => c.rows);
  let unsentStopped = 0;
  await journal.updateRows(batchId, unsent, (b, stored) => {
    const pending = new Set(b.chunks.filter((c) => c.state === 'pending').flatMap((c) => c.rows));
    const counts = { ...b.counts };
    const rows: RowRecord[] = [];
    for (const r of stored) {
      if (!pending.has(r.index) || r.status !== 'unsent') continue;
      counts[r.status] -= 1;
      counts.skipped += 1;
      rows.push({ ...r, status: 'skipped', error: STOPPED_MESSAGE });
    }
    unsentStopped = rows.length;
    const stopped: StopRecord = { at: now(), unsentStopped, cancel: 'pending' };
    return {
      batch: {
        ...b,
        counts,
        chunks: b.chunks.map((c) => (c.state === 'pending' ? { ...c, state: 'stopped' as const } : c)),
        stopped,
      },
      rows,
    };
  });
  const finish = async (outcome: StopOutcome, error?: string): Promise<StopOutcome> => {
    await journal.update(batchId, (b) => ({
      batch: {
        ...b,
        stopped: {
          ...(b.stopped ?? { at: now(), unsentStopped }),
          ...outcome,
          ...(error !== undefined ? { error } : {}),
        },
      },
    }));
    return outcome;
  };
  let supported: boolean;
  try {
    supported = await deps.cancelSupported();
  } catch {
    supported = false;
  }
  if (!supported) return finish({ unsentStopped, cancel: 'unsupported' });
  await deps.settled?.().catch(() => undefined);
  try {
    const current = await journal.get(batchId);
    const rows = await journal.rows(batchId);
    if (current === undefined) return { unsentStopped, cancel: 'failed' };
    const open = rows.filter((r) => r.executionId !== undefined && !isFinal(r.status));
    const total: CancelOutcome = { cancelled: 0, stopping: 0, unchanged: 0, not_found: 0 };
    const add = (o: CancelOutcome) => {
      total.cancelled += o.cancelled;
      total.stopping += o.stopping;
      total.unchanged += o.unchanged;
      total.not_found += o.not_found;
    };
    const sent = current.chunks.filter((c) => c.state === 'confirmed');
    if (open.length > 0 && sent.every((c) => c.serverBatchId !== undefined)) {
      // Each open row's current execution came from the latest confirmed chunk holding it.
      const latest = new Map<number, ChunkRecord>();
      for (const c of [...sent].sort((a, b) => a.index - b.index)) for (const i of c.rows) latest.set(i, c);
      const ids = new Set(
        open.map((r) => latest.get(r.index)?.serverBatchId).filter((id): id is string => id !== undefined),
      );
      for (const id of ids)
        add(await deps.api.cancelExecutions(current.workflowId, { batch_id: id }, undefined, { priority: 'user' }));
    } else {
      const ids = open.map((r) => r.executionId!);
      for (let i = 0; i < ids.length; i += CANCEL_IDS_MAX)
        add(
          await deps.api.cancelExecutions(
            current.workflowId,
            { execution_ids: ids.slice(i, i + CANCEL_IDS_MAX) },
            undefined,
            { priority: 'user' },
          ),
        );
    }
    return finish({ unsentStopped, cancel: 'done', cancelled: total.cancelled, stopping: total.stopping });
  } catch (e) {
    return finish({ unsentStopped, cancel: 'failed' }, message(e));
  }
}
