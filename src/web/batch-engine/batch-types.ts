import type { ConcurrencyLevel } from '@contract/limits';
import type { ExecutionStatus, ResultFile } from '@contract/openapi-document';

/** How numbers in a file write their decimals: "." (1,234.50) or "," (1.234,50). */
export type DecimalMark = '.' | ',';

/** How columns become input fields. */
export interface Mapping {
  /** Column name → input property, or null when the column is ignored. */
  columns: Record<string, string | null>;
  /** Property → text sent for every row, used only for properties no column fills. */
  constants: Record<string, string>;
  /** How numbers in the file write their decimals; "." when absent. */
  decimal?: DecimalMark;
  /** Column → how its dates such as 04/05/2026 are read: day first or month first; undecided when absent. */
  dates?: Record<string, 'dmy' | 'mdy'>;
}

/** One message about one cell; column is null when the value came from a constant or no column exists. */
export interface CellProblem {
  column: string | null;
  property: string;
  message: string;
}

/**
 * A chunk is one batch request. pending: not sent; sending: the request may be in flight (set
 * BEFORE sending); confirmed: ids recorded; unconfirmed: sent but the answer was lost, so it may or
 * may not exist on the server; failed: the server refused it, so nothing was created; stopped:
 * never sent because the batch was stopped.
 */
export type ChunkState = 'pending' | 'sending' | 'confirmed' | 'unconfirmed' | 'failed' | 'stopped';

export interface ChunkRecord {
  index: number;
  /** Batch row indices, in the order they are sent (the request's item index order). */
  rows: number[];
  bytes: number;
  state: ChunkState;
  sentAt?: number;
  settledAt?: number;
  error?: string;
  /** The last reconciliation's finding for an unconfirmed chunk. */
  check?: { at: number; found: number; verdict: 'landed' | 'absent' | 'ambiguous' };
  /** The server's id for this request's executions, where it gives one (local extension `batch_id`). */
  serverBatchId?: string;
}

/**
 * unsent: waiting for its chunk; unknown: its chunk is unconfirmed; skipped: never sent (invalid,
 * skipped or too large), with the reason in `error`; the rest are the service's statuses.
 */
export type RowStatus = ExecutionStatus | 'unsent' | 'unknown' | 'skipped';

export const ROW_STATUSES: readonly RowStatus[] = [
  'unsent',
  'unknown',
  'initial',
  'processing',
  'human_in_the_loop',
  'finished',
  'error',
  'skipped',
];

/** An earlier attempt of a row, kept when the row is re-run. */
export interface PastAttempt {
  attempt: number;
  executionId: string;
  status: RowStatus;
  error?: string;
  results?: ResultFile[] | null;
  input: Record<string, unknown>;
}

export interface RowRecord {
  batchId: string;
  /** Position in the uploaded file's data rows, from 0. */
  index: number;
  cells: string[];
  input: Record<string, unknown>;
  status: RowStatus;
  executionId?: string;
  createdAt?: string;
  /** When the row's run started processing and ended, where the server says (local list items and batch results). */
  startedAt?: string;
  finishedAt?: string;
  error?: string;
  /** The cursor of the list page this execution was last seen on, so a sweep can start there. */
  pageCursor?: string | null;
  /**
   * The execution's result files once known (null when the execution had none); text files carry
   * `content` once gathered, from the detail or from the file's presigned link.
   */
  results?: ResultFile[] | null;
  /** When the detail was read (its results and error are then complete). */
  detailsAt?: number;
  /** When the result links were received: they expire an hour later. */
  linksAt?: number;
  /** Text files whose content could not be gathered, and why; `final` when trying again would not help (too large). */
  unfetched?: { filename: string; reason: string; final: boolean }[];
  /**
   * Set when the server answered 404 for this row's run: it removed the run under its retention (or
   * the workflow went), so nothing more can be read; `error` says so and what was gathered stays.
   */
  removed?: true;
  /** 1 for the first send; each re-run adds one. Status, error and results describe this attempt. */
  attempt: number;
  /** Earlier attempts, oldest first. */
  attempts?: PastAttempt[];
}

export interface BatchRecord {
  id: string;
  workflowId: string;
  workflowName: string;
  fileName: string;
  fileSha256: string;
  fileBytes: number;
  createdAt: number;
  columns: string[];
  mapping: Mapping;
  /** null: the workflow's own default. */
  concurrency: ConcurrencyLevel | null;
  rowCount: number;
  chunks: ChunkRecord[];
  counts: Record<RowStatus, number>;
  /** (time, rows in a final status) samples for the completions chart. */
  progress: [number, number][];
  trackingPaused: boolean;
  /** Set when every sent row reached finished or error. */
  doneAt?: number;
  /** The batch this one retries, for "retry failed rows". */
  retryOf?: string;
  /** Which way the list's cursor walks, learned from the server: toward older or newer items. */
  listDirection?: 'older' | 'newer';
  lastFullSweepAt?: number;
  /** Set when the person stopped the batch: what was halted and what the server was asked. */
  stopped?: StopRecord;
  /**
   * Whether the server keeps this batch for everyone on the account (its batches extension): then
   * rows are sent by row and attempt under this id. Undefined until the first send decides it.
   */
  shared?: boolean;
  /** Set once the server has the batch's declaration (file, columns, mapping, row count). */
  declared?: boolean;
  /** Who started it, as the server names the key, for a batch read from the server. */
  startedBy?: string | null;
}

export interface StopRecord {
  at: number;
  unsentStopped: number;
  cancel: 'pending' | 'done' | 'unsupported' | 'failed';
  cancelled?: number;
  stopping?: number;
  error?: string;
}

const emptyCounts = (): Record<RowStatus, number> =>
  Object.fromEntries(ROW_STATUSES.map((s) => [s, 0])) as Record<RowStatus, number>;

export function countRows(rows: readonly Pick<RowRecord, 'status'>[]): Record<RowStatus, number> {
  const counts = emptyCounts();
  for (const r of rows) counts[r.status] += 1;
  return counts;
}

export const isFinal = (s: RowStatus): boolean => s === 'finished' || s === 'error' || s === 'skipped';
