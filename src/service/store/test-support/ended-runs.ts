import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../store';

/**
 * Adds `count` runs of the workflow that have ended now (finished, or error when `failed`), each with
 * a step record and a result file of `fileBytes`, as a batch of rows when `batchId` is given (the
 * batch declared first if new). Answers their ids in creation order.
 */
export async function addEndedRuns(
  store: Store,
  accountId: string,
  workflowId: string,
  count: number,
  options: { batchId?: string; fileBytes?: number; failed?: boolean } = {},
): Promise<string[]> {
  const { batchId, fileBytes = 1024, failed = false } = options;
  const inputs = Array.from({ length: count }, (_, i) => ({ row: i }));
  const created = await store.createExecutions(accountId, workflowId, inputs, batchId ? { batchId, cap: 5 } : null);
  const ids = created.map((run) => run.id);
  const now = store.nowIso();
  await store.transaction(async (tx) => {
    if (batchId) {
      if (!(await tx.batches.find(accountId, batchId))) {
        await tx.batches.insert({
          id: batchId,
          account_id: accountId,
          workflow_id: workflowId,
          file_name: 'rows.csv',
          columns: '["row"]',
          mapping: '{}',
          row_count: count,
          started_by: null,
          created_at: now,
        });
      }
      await tx.batches.addAttempts(
        accountId,
        batchId,
        ids.map((id, row) => ({ row_index: row, attempt: 1, execution_id: id })),
      );
    }
    await tx.kysely
      .updateTable('executions')
      .set({ status: failed ? 'error' : 'finished', attempt: 1, finished_at: now, first_started_at: now })
      .where('id', 'in', ids)
      .execute();
    await tx.kysely
      .insertInto('execution_steps')
      .values(
        ids.map((id) => ({
          execution_id: id,
          position: 0,
          status: 'finished',
          started_at: now,
          finished_at: now,
          error: null,
        })),
      )
      .execute();
    await tx.files.insertMany(
      ids.map((id) => ({
        id: randomUUID(),
        execution_id: id,
        position: 0,
        filename: 'report.md',
        content_type: 'text/markdown',
        data: new Uint8Array(fileBytes).fill(120),
        size: fileBytes,
        inline: 1,
      })),
    );
  });
  return ids;
}

/** How many rows each table that grows with runs holds. */
export async function rowCounts(store: Store): Promise<Record<string, number>> {
  const tables = ['executions', 'files', 'execution_steps', 'batch_rows', 'batches'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(store.kysely);
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/** The bytes the database takes: SQLite's pages, or PostgreSQL's tables with their indexes and TOAST in the store's schema. */
export async function databaseBytes(store: Store): Promise<number> {
  if (store.dialect === 'sqlite') {
    const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(store.kysely);
    const size = await sql<{ page_size: number }>`PRAGMA page_size`.execute(store.kysely);
    return Number(pages.rows[0]?.page_count) * Number(size.rows[0]?.page_size);
  }
  const row = await sql<{ bytes: string }>`SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r'`.execute(store.kysely);
  return Number(row.rows[0]?.bytes ?? 0);
}
