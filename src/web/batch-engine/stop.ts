import type { BatchApi, CancelOutcome } from '@/server-state/batches';
import type { BatchJournal } from './batch-journal';
import { isFinal, type ChunkRecord, type RowRecord, type StopRecord } from './batch-types';
import { errorMessage } from './submit';

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
    return finish({ unsentStopped, cancel: 'failed' }, errorMessage(e));
  }
}
