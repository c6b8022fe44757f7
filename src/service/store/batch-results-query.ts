import { sql } from 'kysely';
import { inList } from './db/context';
import type { Store } from './store';

/** A result file of a batch row's latest execution; `inline_data` only for files stored inline (small text). */
export interface ResultRowFile {
  execution_id: string;
  id: string;
  filename: string;
  inline_data: Buffer | null;
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
