import type { ListedExecution } from '@/server-state/batches';
import type { ExecutionDetail } from '@contract/openapi-document';
import { errorFromResults } from './details';
import { isFinal, type RowRecord } from './batch-types';

/** A row as a list item or a detail shows it; returns the changed row, or null when nothing changed. */
export function applySeen(
  row: RowRecord,
  item: ListedExecution | ExecutionDetail,
  cursor: string | null | undefined,
  now: number,
): RowRecord | null {
  if (row.executionId !== item.id) return null;
  const fromDetail = cursor === undefined;
  // A final row seen on a page again has nothing new: renewing its links is the gatherer's job.
  if (
    !fromDetail &&
    row.status === item.status &&
    isFinal(row.status) &&
    row.pageCursor !== undefined &&
    row.createdAt === item.created_at
  )
    return null;
  const next: RowRecord = { ...row, status: item.status, createdAt: item.created_at };
  if (cursor !== undefined) next.pageCursor = cursor;
  const detail = 'results' in item && item.results === null ? undefined : item;
  if ('error' in item && typeof item.error === 'string') next.error = item.error;
  // Local list items say when the run started and ended: the batch's elapsed time goes by them.
  if ('started_at' in item && typeof item.started_at === 'string') next.startedAt = item.started_at;
  if ('finished_at' in item && typeof item.finished_at === 'string') next.finishedAt = item.finished_at;
  if (detail !== undefined && Array.isArray(detail.results) && isFinal(item.status)) {
    // Contents gathered before stay: a list item never has them, a detail lacks those over 100 KB.
    const had = new Map((row.results ?? []).map((f) => [f.filename, f.content]));
    next.results = detail.results.map((f) =>
      f.content === undefined && had.get(f.filename) !== undefined ? { ...f, content: had.get(f.filename)! } : f,
    );
    next.linksAt = now;
    if (fromDetail) {
      next.detailsAt = now;
      if (item.status === 'error')
        next.error ??= errorFromResults({ results: detail.results }) ?? 'The execution failed without a message.';
    }
  }
  const same =
    row.status === next.status &&
    row.createdAt === next.createdAt &&
    row.pageCursor === next.pageCursor &&
    row.error === next.error &&
    row.finishedAt === next.finishedAt &&
    row.detailsAt === next.detailsAt &&
    sameFiles(row.results, next.results);
  return same ? null : next;
}

const sameFiles = (a: RowRecord['results'], b: RowRecord['results']): boolean =>
  a === b ||
  (Array.isArray(a) &&
    Array.isArray(b) &&
    a.length === b.length &&
    a.every((f, i) => f.filename === b[i]!.filename && f.url === b[i]!.url && f.content === b[i]!.content));

/** Keeps the completion samples small: at most `max`, thinned evenly, the latest always kept. */
export function addSample(
  samples: readonly [number, number][],
  sample: [number, number],
  max = 240,
): [number, number][] {
  const last = samples[samples.length - 1];
  if (last !== undefined && last[1] === sample[1]) return [...samples];
  const next = [...samples, sample];
  if (next.length <= max) return next;
  return next.filter((_, i) => i % 2 === 0 || i === next.length - 1);
}
