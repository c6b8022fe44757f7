import type { ExecutionDetail } from '@contract/openapi-document';
import type { RowRecord } from './batch-types';

/** Whether the exports still need this row's execution detail (its files, or an error the list did not give). */
export const needsDetails = (r: RowRecord): boolean =>
  r.executionId !== undefined &&
  r.results === undefined &&
  (r.status === 'finished' || (r.status === 'error' && r.error === undefined));

/** The failure message of an errored execution: its error.txt content, as the local service writes it. */
export function errorFromResults(detail: Pick<ExecutionDetail, 'results'>): string | undefined {
  const file =
    detail.results?.find((f) => f.filename === 'error.txt') ??
    (detail.results?.length === 1 ? detail.results[0] : undefined);
  return file?.content?.trim() || undefined;
}
