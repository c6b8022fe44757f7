import { planChunks } from './chunk-plan';
import { countRows, type BatchRecord, type RowRecord } from './batch-types';
import type { CellProblem } from './mapping/prepare-rows';

export interface BatchSource
  extends Pick<BatchRecord, 'id' | 'workflowId' | 'workflowName' | 'fileName' | 'fileSha256' | 'fileBytes' | 'columns' | 'mapping' | 'concurrency' | 'retryOf'> {
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
      : { batchId: src.id, index, cells, input: src.inputs[index] ?? {}, status: 'skipped', error: `Skipped: ${problemText(skip)}`, attempt: 1 };
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
    chunks: plan.chunks.map((c, index) => ({ index, rows: c.rows.map((p) => sent[p]!), bytes: c.bytes, state: 'pending' })),
    counts: countRows(rows),
    progress: [],
    trackingPaused: false,
    ...(src.retryOf !== undefined ? { retryOf: src.retryOf } : {}),
  };
  return { batch, rows };
}

/** A new batch from the rows of `batch` that ended in error, with the same mapping and columns. */
export function buildRetryBatch(batch: BatchRecord, rows: readonly RowRecord[], id: string, now: number): { batch: BatchRecord; rows: RowRecord[] } | null {
  const failed = rows.filter((r) => r.status === 'error');
  if (failed.length === 0) return null;
  return buildBatch({
    id,
    workflowId: batch.workflowId,
    workflowName: batch.workflowName,
    fileName: `${batch.fileName.replace(/( \(retry( \d+)?\))?(\.[^.]+)?$/, '')} (retry)${/\.[^.]+$/.exec(batch.fileName)?.[0] ?? ''}`,
    fileSha256: batch.fileSha256,
    fileBytes: batch.fileBytes,
    columns: batch.columns,
    mapping: batch.mapping,
    concurrency: batch.concurrency,
    cells: failed.map((r) => r.cells),
    inputs: failed.map((r) => r.input),
    skipped: new Map(),
    retryOf: batch.id,
    now,
  });
}
