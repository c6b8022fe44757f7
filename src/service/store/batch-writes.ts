import type { BatchesTable } from './db/schema';
import { isUniqueViolation } from './db/database-errors';
import type { BatchOptions, Store } from './store';
import { formatMicros } from './timestamps';

/** A declaration as the caller gives it: the store adds the creation time. */
export type NewBatch = Omit<BatchesTable, 'created_at'>;

/**
 * What became of a declaration: `made`; `raced` when another request made a batch under this id
 * at the same moment (the caller reads it to see whether it is the same one); `full` when the
 * account already keeps `kept` batches, the most it may.
 */
export type Declared = { kind: 'made' } | { kind: 'raced' } | { kind: 'full'; kept: number };

/**
 * Records a batch, counting the account's batches under its lock so that declarations sent at
 * once cannot pass `maxBatches` together.
 */
export async function declareBatch(store: Store, batch: NewBatch, maxBatches: number): Promise<Declared> {
  try {
    return await store.transaction(async (tx) => {
      await tx.apiKeys.lockAccount(batch.account_id);
      const kept = await tx.batches.count(batch.account_id);
      if (kept >= maxBatches) return { kind: 'full', kept };
      const [micros] = (await tx.timestamps.issue(batch.account_id)) as [number];
      await tx.batches.insert({ ...batch, created_at: formatMicros(micros) });
      return { kind: 'made' };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { kind: 'raced' };
  }
}

/** One row to run: its index in the batch, which attempt this is, and its input. */
export interface RowRun {
  row: number;
  attempt: number;
  input: unknown;
}

export interface BatchRuns {
  accountId: string;
  workflowId: string;
  batch: BatchOptions;
  items: readonly RowRun[];
  maxQueued: number;
  startedBy: string;
}

/**
 * What became of the rows sent: `made` with an execution id per item (an attempt already recorded
 * keeps its id) and how many are new; `out_of_turn` for the first item whose attempt is not its
 * row's next one (`latest` is the row's latest attempt, 0 before its first run), with nothing
 * written; `raced` when another request recorded some of the same attempts with other runs.
 */
export type RowsRun =
  | { kind: 'made'; ids: string[]; created: number }
  | { kind: 'out_of_turn'; row: number; attempt: number; latest: number }
  | { kind: 'raced' };

/**
 * Starts a run for each item whose attempt is new, recording it as its row's latest attempt, in
 * one transaction; throws QuotaExceeded as createExecutions does. The same request sent twice at
 * once (PostgreSQL lets both read before either writes) is this one's replay when the other one
 * recorded every item as asked.
 */
export async function runBatchRows(store: Store, runs: BatchRuns): Promise<RowsRun> {
  const { accountId, batch, items } = runs;
  const rows = items.map((item) => item.row);
  try {
    return await store.transaction(async (tx): Promise<RowsRun> => {
      const known = await tx.batches.attemptsOf(accountId, batch.batchId, rows);
      const ids: string[] = new Array<string>(items.length);
      const fresh: number[] = [];
      for (const [index, item] of items.entries()) {
        const row = known.get(item.row);
        const recorded = row?.byAttempt.get(item.attempt);
        if (recorded !== undefined) {
          ids[index] = recorded;
          continue;
        }
        const latest = row?.latest ?? 0;
        if (item.attempt !== latest + 1) return { kind: 'out_of_turn', row: item.row, attempt: item.attempt, latest };
        fresh.push(index);
      }
      if (fresh.length > 0) {
        const made = await tx.createExecutions(
          accountId,
          runs.workflowId,
          fresh.map((index) => items[index]!.input),
          batch,
          runs.maxQueued,
          runs.startedBy,
        );
        fresh.forEach((index, i) => (ids[index] = made[i]!.id));
        await tx.batches.addAttempts(
          accountId,
          batch.batchId,
          fresh.map((index) => ({
            row_index: items[index]!.row,
            attempt: items[index]!.attempt,
            execution_id: ids[index]!,
          })),
        );
      }
      return { kind: 'made', ids, created: fresh.length };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const known = await store.batches.attemptsOf(accountId, batch.batchId, rows);
    const ids = items.map((item) => known.get(item.row)?.byAttempt.get(item.attempt));
    if (ids.some((id) => id === undefined)) return { kind: 'raced' };
    return { kind: 'made', ids: ids as string[], created: 0 };
  }
}
