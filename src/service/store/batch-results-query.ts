import { sql } from 'kysely';
import type { ExecutionStatus } from '../../contract/openapi-document';
import { inList } from './db/context';
import type { Store } from './store';

/** A row's latest execution with its run times, as the results page shows it. */
export interface ResultRow {
  row_index: number;
  attempt: number;
  execution_id: string;
  status: ExecutionStatus;
  error: string | null;
  created_at: string;
  first_started_at: string | null;
  finished_at: string | null;
  input: string;
}

/** A result file of one of those executions; `inline_data` only for files stored inline (small text). */
export interface ResultRowFile {
  execution_id: string;
  id: string;
  filename: string;
  inline_data: Buffer | null;
}

/** Up to `limit` sent rows after row `after`, in file order, each with its latest execution and run times. */
export async function resultRows(
  store: Store,
  accountId: string,
  batchId: string,
  after: number,
  limit: number,
): Promise<ResultRow[]> {
  return store.kysely
    .selectFrom('batch_rows as r')
    .innerJoin('executions as e', 'e.id', 'r.execution_id')
    .select([
      'r.row_index',
      'r.attempt',
      'r.execution_id',
      'e.status',
      'e.error',
      'e.created_at',
      'e.first_started_at',
      'e.finished_at',
      'e.input',
    ])
    .where('r.account_id', '=', accountId)
    .where('r.batch_id', '=', batchId)
    .where('r.latest', '=', 1)
    .where('r.row_index', '>', after)
    .orderBy('r.row_index')
    .limit(limit)
    .execute();
}

/** The result files (drafts excluded) of these executions, in their order, with inline bytes: one statement. */
export async function resultRowFiles(store: Store, executionIds: readonly string[]): Promise<ResultRowFile[]> {
  if (executionIds.length === 0) return [];
  return store.kysely
    .selectFrom('files')
    .select([
      'execution_id',
      'id',
      'filename',
      sql<Buffer | null>`CASE WHEN inline = 1 THEN data END`.as('inline_data'),
    ])
    .where((eb) => inList(store.dialect, eb.ref('execution_id'), executionIds))
    .where('position', '>=', 0)
    .orderBy('execution_id')
    .orderBy('position')
    .execute();
}
