import type { BatchApi } from '@/server-state/batches';
import type { Schemas } from '@contract/openapi-document';
import type { BatchJournal } from './batch-journal';
import { countRows, isFinal, type BatchRecord, type Mapping, type PastAttempt, type RowRecord } from './batch-types';
import { readRowsWithResults, samplesFromRunTimes, withServerResults, type ServerResultsApi } from './server-results';

/** The results extension is optional: a server without it gives the rows alone, and results are gathered after. */
export type ServerBatchApi = Pick<BatchApi, 'getBatch' | 'listBatchRows'> & Partial<ServerResultsApi>;

type Priority = 'visible' | 'background';

/** Row indexes in the order the server created their executions, which is the order tracking reads them in. */
const byCreation = (rows: readonly { index: number; createdAt?: string; created_at?: string }[]): number[] =>
  [...rows]
    .sort((a, b) => ((a.createdAt ?? a.created_at ?? '') < (b.createdAt ?? b.created_at ?? '') ? -1 : 1))
    .map((r) => r.index);

/** A row the server has not seen: the browser that uploaded the file has not sent it (yet), or skipped it. */
export const NOT_ON_SERVER = 'Not sent by the browser that uploaded the file (yet, or it was skipped there).';

/** Every sent row of the batch, one request per 100 rows. */
async function readRows(api: ServerBatchApi, batchId: string, priority: Priority): Promise<Schemas['BatchRow'][]> {
  const rows: Schemas['BatchRow'][] = [];
  let cursor: string | null = null;
  do {
    const page = await api.listBatchRows(batchId, cursor, { priority });
    rows.push(...page.data);
    cursor = page.cursor;
  } while (cursor !== null);
  return rows;
}

/** The mapping as the server kept it, when it has the journal's shape; else no column mapped. */
function mappingOf(raw: Record<string, unknown>): Mapping {
  const columns = raw.columns;
  const constants = raw.constants;
  const ok = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return {
    columns: ok(columns)
      ? Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, typeof v === 'string' ? v : null]))
      : {},
    constants: ok(constants) ? Object.fromEntries(Object.entries(constants).map(([k, v]) => [k, String(v)])) : {},
    ...(raw.decimal === ',' || raw.decimal === '.' ? { decimal: raw.decimal } : {}),
  };
}

const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A row's cells rebuilt from the input it ran with: each mapped column shows its field's value. */
function cellsOf(columns: readonly string[], mapping: Mapping, input: Record<string, unknown>): string[] {
  return columns.map((c) => {
    const property = mapping.columns[c];
    return property === null || property === undefined ? '' : cellText(input[property]);
  });
}

const pastOf = (a: Schemas['BatchRowAttempt']): PastAttempt => ({
  attempt: a.attempt,
  executionId: a.execution_id,
  status: a.status,
  // The server keeps an attempt's input with its execution; the grid's history shows status and error.
  input: {},
  ...(a.error !== undefined ? { error: a.error } : {}),
});

/** The journal row for a row as the server has it now. */
function rowFrom(batchId: string, cells: string[], server: Schemas['BatchRow']): RowRecord {
  return {
    batchId,
    index: server.index,
    cells,
    input: server.input,
    status: server.status,
    executionId: server.execution_id,
    createdAt: server.created_at,
    attempt: server.attempt,
    ...(server.error !== undefined ? { error: server.error } : {}),
    ...(server.earlier.length > 0 ? { attempts: server.earlier.map(pastOf) } : {}),
  };
}

const withServer = (row: RowRecord, server: Schemas['BatchResultRow'] | undefined, at: number): RowRecord =>
  server === undefined ? row : withServerResults(row, server, at);

/**
 * Copies a batch someone on the account started (in another browser) from the server into this
 * browser's journal, so its page, grid, progress, exports and re-runs work as in the browser that
 * uploaded it. Reads the batch once and its rows with their results and run times 500 a page
 * (where the server offers that; else the rows alone 100 a page, and the results are gathered
 * after). Cells come from each row's input (the server keeps inputs, not the file).
 */
export async function importServerBatch(
  deps: { journal: BatchJournal; api: ServerBatchApi },
  batchId: string,
  workflowName: string,
): Promise<void> {
  const { journal, api } = deps;
  const server = await api.getBatch(batchId, { priority: 'visible' });
  const withResults = await readRowsWithResults(api, batchId);
  const sent: Schemas['BatchRow'][] = withResults ?? (await readRows(api, batchId, 'visible'));
  if ((await journal.get(batchId)) !== undefined) return;
  const mapping = mappingOf(server.mapping);
  const byIndex = new Map(sent.map((r) => [r.index, r]));
  const resultsOf = new Map((withResults ?? []).map((r) => [r.index, r]));
  const at = Date.now();
  const rows: RowRecord[] = Array.from({ length: server.row_count }, (_, index) => {
    const row = byIndex.get(index);
    return row === undefined
      ? {
          batchId,
          index,
          cells: server.columns.map(() => ''),
          input: {},
          status: 'skipped',
          error: NOT_ON_SERVER,
          attempt: 1,
        }
      : withServer(rowFrom(batchId, cellsOf(server.columns, mapping, row.input), row), resultsOf.get(index), at);
  });
  const batch: BatchRecord = {
    id: batchId,
    workflowId: server.workflow_id,
    workflowName,
    fileName: server.file_name,
    fileSha256: '',
    fileBytes: 0,
    createdAt: Date.parse(server.created_at),
    columns: server.columns,
    mapping,
    concurrency: null,
    rowCount: server.row_count,
    // Every sent row counts as one confirmed request: that is what tracking and stopping go by.
    chunks: [{ index: 0, rows: byCreation(sent), bytes: 0, state: 'confirmed', serverBatchId: batchId }],
    counts: countRows(rows),
    // Where the server gave run times, the chart shows when rows ended, as in the uploader's browser.
    progress: samplesFromRunTimes(rows),
    trackingPaused: false,
    shared: true,
    declared: true,
    startedBy: server.started_by?.name ?? null,
  };
  await journal.create(batch, rows);
}

/** Executions this journal knows for the batch, of every attempt: the server's `runs` counts the same. */
const knownRuns = (rows: readonly RowRecord[]): number =>
  rows.reduce((n, r) => n + (r.executionId === undefined ? 0 : 1) + (r.attempts?.length ?? 0), 0);

/**
 * Brings a shared batch up to date with what others did on the server: rows re-run elsewhere (a
 * newer attempt) and rows sent since (by the browser that uploaded it). One request when nothing
 * changed; else the rows, a page of 100 at a time. A row is taken from the server only when the
 * server is ahead of it, so a row this browser has not sent yet, or is sending, is never touched
 * (the server answers a resent row with the execution it already has). Returns whether rows changed.
 */
export async function syncServerBatch(
  deps: { journal: BatchJournal; api: ServerBatchApi },
  batchId: string,
): Promise<boolean> {
  const { journal, api } = deps;
  const batch = await journal.get(batchId);
  if (batch?.shared !== true || batch.declared !== true) return false;
  const server = await api.getBatch(batchId, { priority: 'background' });
  const before = await journal.rows(batchId);
  if (server.runs <= knownRuns(before)) return false;
  const sent = await readRows(api, batchId, 'background');
  const ahead = (local: RowRecord | undefined, row: Schemas['BatchRow']): boolean =>
    local !== undefined &&
    (row.attempt > local.attempt ||
      (row.attempt === local.attempt && local.executionId === undefined && local.status !== 'unsent'));
  const candidates = sent.filter((r) => ahead(before[r.index], r));
  if (candidates.length === 0) return false;
  let changed = false;
  await journal.updateRows(
    batchId,
    candidates.map((r) => r.index),
    (b, stored) => {
      const byIndex = new Map(candidates.map((r) => [r.index, r]));
      const updated = stored
        .filter((local) => ahead(local, byIndex.get(local.index)!))
        .map((local) => {
          const row = byIndex.get(local.index)!;
          const edited = JSON.stringify(row.input) !== JSON.stringify(local.input);
          return rowFrom(batchId, edited ? cellsOf(b.columns, b.mapping, row.input) : local.cells, row);
        });
      changed = updated.length > 0;
      const replaced = new Map(updated.map((r) => [r.index, r]));
      const all = before.map((r) => replaced.get(r.index) ?? r);
      const { doneAt, ...open } = b;
      const reopened = updated.some((r) => !isFinal(r.status));
      return {
        batch: {
          ...(reopened || doneAt === undefined ? open : { ...open, doneAt }),
          counts: countRows(all),
          // As a re-run here would: a confirmed request of these rows, in the order the server made them.
          chunks:
            updated.length === 0
              ? b.chunks
              : [
                  ...b.chunks,
                  {
                    index: b.chunks.reduce((m, c) => Math.max(m, c.index + 1), 0),
                    rows: byCreation(updated),
                    bytes: 0,
                    state: 'confirmed' as const,
                    serverBatchId: batchId,
                  },
                ],
        },
        rows: updated,
      };
    },
  );
  return changed;
}
