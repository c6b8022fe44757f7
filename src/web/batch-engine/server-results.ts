import type { BatchApi } from '@/server-state/batches';
import type { Schemas } from '@contract/openapi-document';
import { isFinal, type RowRecord } from './batch-types';
import { addSample } from './tracker-rows';

export type ServerResultsApi = Pick<BatchApi, 'listBatchResults' | 'batchResultsSupported'>;

/** Rows a results page asks for: 10,000 rows in 20 requests, each answer a few MB at most (the server caps its text). */
const RESULTS_PAGE = 500;

/**
 * Every sent row of the batch with its results, texts included, a page of 500 at a time (the batch
 * results extension), or null where the server does not offer it.
 */
export async function readRowsWithResults(
  api: Partial<ServerResultsApi>,
  batchId: string,
): Promise<Schemas['BatchResultRow'][] | null> {
  if (api.listBatchResults === undefined || !(await api.batchResultsSupported?.())) return null;
  const rows: Schemas['BatchResultRow'][] = [];
  let cursor: string | null = null;
  do {
    const page = await api.listBatchResults(batchId, cursor, RESULTS_PAGE, { priority: 'visible' });
    rows.push(...page.data);
    cursor = page.cursor;
  } while (cursor !== null);
  return rows;
}

/**
 * What a results row adds to the journal row built from it: the run times, and once the run ended
 * its files, with the texts the server gave inline, as a detail read would record them.
 */
export function withServerResults(row: RowRecord, server: Schemas['BatchResultRow'], now: number): RowRecord {
  const next: RowRecord = { ...row };
  if (server.started_at !== undefined) next.startedAt = server.started_at;
  if (server.finished_at !== undefined) next.finishedAt = server.finished_at;
  if (server.results !== null && isFinal(server.status)) {
    next.results = server.results;
    next.linksAt = now;
    next.detailsAt = now;
    if (server.status === 'error') next.error ??= 'The execution failed without a message.';
  }
  return next;
}

/** The completions chart's samples, rebuilt from when each row's run ended (a batch read from the server). */
export function samplesFromRunTimes(rows: readonly Pick<RowRecord, 'finishedAt'>[]): [number, number][] {
  const ends = rows
    .map((r) => (r.finishedAt === undefined ? NaN : Date.parse(r.finishedAt)))
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
  let samples: [number, number][] = [];
  ends.forEach((t, i) => {
    // Runs ending at the same moment make one point: the count after the last of them.
    if (ends[i + 1] !== t) samples = addSample(samples, [t, i + 1]);
  });
  return samples;
}
