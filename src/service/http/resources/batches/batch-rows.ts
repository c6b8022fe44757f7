import type { Schemas } from '../../../../contract/openapi-document';
import type { EarlierAttempt, LatestRow } from '../../../store/batches-repo';

/** Each row's earlier attempts, as the rows and results pages list them under the row. */
export function attemptsByRow(earlier: readonly EarlierAttempt[]): Map<number, Schemas['BatchRowAttempt'][]> {
  const byRow = new Map<number, Schemas['BatchRowAttempt'][]>();
  for (const a of earlier) {
    const list = byRow.get(a.row_index) ?? [];
    list.push({
      attempt: a.attempt,
      execution_id: a.execution_id,
      status: a.status,
      ...(a.error !== null ? { error: a.error } : {}),
    });
    byRow.set(a.row_index, list);
  }
  return byRow;
}

/** What the rows and results pages both say of a row and its latest execution. */
export function rowWithAttempts(
  row: LatestRow,
  byRow: ReadonlyMap<number, Schemas['BatchRowAttempt'][]>,
): Schemas['BatchRow'] {
  return {
    index: row.row_index,
    attempt: row.attempt,
    execution_id: row.execution_id,
    status: row.status,
    ...(row.error !== null ? { error: row.error } : {}),
    created_at: row.created_at,
    input: JSON.parse(row.input) as Record<string, unknown>,
    earlier: byRow.get(row.row_index) ?? [],
  };
}
