import type { ApiClient } from '../../api/client';
import type { ExecutionDetail } from '../../../contract/openapi-document';
import type { BatchJournal } from './batch-journal';
import type { RowRecord } from './batch-types';

/** Whether the exports still need this row's execution detail (its files, or an error the list did not give). */
export const needsDetails = (r: RowRecord): boolean =>
  r.executionId !== undefined && r.results === undefined && (r.status === 'finished' || (r.status === 'error' && r.error === undefined));

/** The failure message of an errored execution: its error.txt content, as the local service writes it. */
export function errorFromResults(detail: Pick<ExecutionDetail, 'results'>): string | undefined {
  const file = detail.results?.find((f) => f.filename === 'error.txt') ?? (detail.results?.length === 1 ? detail.results[0] : undefined);
  return file?.content?.trim() || undefined;
}

/** Minutes to fetch `remaining` details at `perMinute`, rounded up; stated before starting. */
export const detailsEtaMinutes = (remaining: number, perMinute: number): number => Math.ceil(remaining / Math.max(1, perMinute));

/**
 * Fetches the detail of every finished row in the background (at background priority, so people's
 * clicks go first), caches results in the journal as they arrive, and resumes where it stopped.
 */
export async function fetchDetails(
  batchId: string,
  deps: { journal: BatchJournal; api: Pick<ApiClient, 'getExecution'>; now?: () => number; parallel?: number },
  signal: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const now = deps.now ?? Date.now;
  const batch = await deps.journal.get(batchId);
  if (batch === undefined) return;
  const rows = await deps.journal.rows(batchId);
  const todo = rows.filter(needsDetails);
  const total = rows.filter((r) => r.status === 'finished' || r.status === 'error').length;
  let done = total - todo.length;
  onProgress?.(done, total);
  let next = 0;
  const pending: RowRecord[] = [];
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const batchOf = pending.splice(0);
    await deps.journal.putRows(batchId, batchOf);
  };
  const worker = async (): Promise<void> => {
    while (!signal.aborted && next < todo.length) {
      const row = todo[next++]!;
      const detail = await deps.api.getExecution(batch.workflowId, row.executionId!, { priority: 'background', signal });
      const updated: RowRecord = { ...row, results: detail.results, detailsAt: now() };
      if (detail.status === 'error') updated.error = row.error ?? errorFromResults(detail) ?? 'The execution failed without a message.';
      pending.push(updated);
      done += 1;
      onProgress?.(done, total);
      if (pending.length >= 20) await flush();
    }
  };
  try {
    await Promise.all(Array.from({ length: deps.parallel ?? 3 }, worker));
  } finally {
    await flush();
  }
}
