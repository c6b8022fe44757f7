import { planChunks } from './chunk-plan';
import { countRows, type BatchRecord, type CellProblem, type RowRecord } from './batch-types';

export interface BatchSource extends Pick<
  BatchRecord,
  | 'id'
  | 'workflowId'
  | 'workflowName'
  | 'fileName'
  | 'fileSha256'
  | 'fileBytes'
  | 'columns'
  | 'mapping'
  | 'concurrency'
  | 'retryOf'
> {
  /** Cells of every data row of the file, in order. */
  cells: string[][];
  /** The input built from each row. */
  inputs: Record<string, unknown>[];
  /** Rows that are not sent, with why (invalid rows the user skipped). */
  skipped: Map<number, CellProblem[]>;
  now: number;
}

export const problemText = (problems: readonly CellProblem[]): string =>
  problems.map((p) => `${p.column ?? p.property}: ${p.message}`).join('; ');

/** Turns checked rows into a journal batch: all rows (skipped ones marked), and the chunk plan of the rest. */
export function buildBatch(src: BatchSource): { batch: BatchRecord; rows: RowRecord[] } {
  const rows: RowRecord[] = src.cells.map((cells, index) => {
    const skip = src.skipped.get(index);
    return skip === undefined
      ? { batchId: src.id, index, cells, input: src.inputs[index] ?? {}, status: 'unsent', attempt: 1 }
      : {
          batchId: src.id,
          index,
          cells,
          input: src.inputs[index] ?? {},
          status: 'skipped',
          error: `Skipped: ${problemText(skip)}`,
          attempt: 1,
        };
  });
  const sent = rows.filter((r) => r.status === 'unsent').map((r) => r.index);
  const plan = planChunks(
    sent.map((i) => rows[i]!.input),
    src.concurrency ?? undefined,
  );
  for (const o of plan.oversized) {
    const row = rows[sent[o.row]!]!;
    row.status = 'skipped';
    row.error = `Not sent: this row's input is ${(o.bytes / 1024 / 1024).toFixed(1)} MB, over the 4 MB a request may carry.`;
  }
  const batch: BatchRecord = {
    id: src.id,
    workflowId: src.workflowId,
    workflowName: src.workflowName,
    fileName: src.fileName,
    fileSha256: src.fileSha256,
    fileBytes: src.fileBytes,
    createdAt: src.now,
    columns: src.columns,
    mapping: src.mapping,
    concurrency: src.concurrency,
    rowCount: rows.length,
    chunks: plan.chunks.map((c, index) => ({
      index,
      rows: c.rows.map((p) => sent[p]!),
      bytes: c.bytes,
      state: 'pending',
    })),
    counts: countRows(rows),
    progress: [],
    trackingPaused: false,
    ...(src.retryOf !== undefined ? { retryOf: src.retryOf } : {}),
  };
  return { batch, rows };
}

export interface RerunPick {
  index: number;
  input: Record<string, unknown>;
  /** The edited cells, when the person changed them in the grid. */
  cells?: string[];
}

/**
 * Re-runs rows in the same batch: each row keeps its index, its current attempt moves into
 * `attempts`, and its new input goes into new chunks after the existing ones (sent the same way,
 * so nothing is ever sent twice). Only rows that reached a final status can be re-run; the others
 * are returned in `refused`.
 */
export function planRerun(
  batch: BatchRecord,
  rows: readonly RowRecord[],
  picks: readonly RerunPick[],
): { batch: BatchRecord; rows: RowRecord[]; refused: number[] } {
  const byIndex = new Map(rows.map((r) => [r.index, r]));
  const refused: number[] = [];
  const changed: RowRecord[] = [];
  for (const pick of picks) {
    const row = byIndex.get(pick.index);
    if (row === undefined || !(row.status === 'finished' || row.status === 'error' || row.status === 'skipped')) {
      refused.push(pick.index);
      continue;
    }
    const attempts = [...(row.attempts ?? [])];
    if (row.executionId !== undefined) {
      attempts.push({
        attempt: row.attempt,
        executionId: row.executionId,
        status: row.status,
        input: row.input,
        ...(row.error !== undefined ? { error: row.error } : {}),
        ...(row.results !== undefined ? { results: row.results } : {}),
      });
    }
    changed.push({
      batchId: row.batchId,
      index: row.index,
      cells: pick.cells ?? row.cells,
      input: pick.input,
      status: 'unsent',
      // A row that was never sent (skipped, or stopped) is still on its first attempt.
      attempt: row.executionId !== undefined ? row.attempt + 1 : row.attempt,
      ...(attempts.length > 0 ? { attempts } : {}),
    });
  }
  const plan = planChunks(
    changed.map((r) => r.input),
    batch.concurrency ?? undefined,
  );
  for (const o of plan.oversized) {
    const row = changed[o.row]!;
    row.status = 'skipped';
    row.error = `Not sent: this row's input is ${(o.bytes / 1024 / 1024).toFixed(1)} MB, over the 4 MB a request may carry.`;
  }
  const first = batch.chunks.reduce((m, c) => Math.max(m, c.index + 1), 0);
  const chunks = plan.chunks.map((c, i) => ({
    index: first + i,
    rows: c.rows.map((p) => changed[p]!.index),
    bytes: c.bytes,
    state: 'pending' as const,
  }));
  const replaced = new Map(changed.map((r) => [r.index, r]));
  const { doneAt: _done, ...open } = batch;
  return {
    batch: {
      ...open,
      chunks: [...batch.chunks, ...chunks],
      counts: countRows(rows.map((r) => replaced.get(r.index) ?? r)),
    },
    rows: changed,
    refused,
  };
}
