import { isApiError } from '@/api/errors';
import type { RowRecord } from './batch-types';

/** What a row whose run the server no longer has says, in the grid and the exports. */
export const REMOVED_RUN_MESSAGE =
  'This run was removed from the server, which keeps ended runs only for a while; its results are no longer available.';

/** True for the answer of a server that no longer has the run (404). */
export const isRemovedRun = (error: unknown): boolean => isApiError(error) && error.status === 404;

/**
 * The row once its run is known gone: it ended (the server removes only ended runs), keeps what was
 * gathered and says why nothing more comes; null when the row moved on to another run or already says so.
 */
export function markRemoved(row: RowRecord, executionId: string): RowRecord | null {
  if (row.executionId !== executionId || row.removed) return null;
  const ended = row.status === 'finished' || row.status === 'error';
  return {
    ...row,
    removed: true,
    status: ended ? row.status : 'error',
    results: row.results ?? null,
    error: row.error ?? REMOVED_RUN_MESSAGE,
  };
}
