import type { Concurrency, ExecutionStatus, WorkflowStatus } from '../../contract/openapi-document';

/** Row shapes as SQLite returns them (JSON columns still as text). */

export interface AccountRecord {
  id: string;
  name: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface WorkflowRecord {
  id: string;
  account_id: string;
  name: string;
  description: string;
  prompt: string;
  name_given: 0 | 1;
  description_given: 0 | 1;
  status: WorkflowStatus;
  planning_error: string | null;
  input_schema: string | null;
  steps: string | null;
  concurrency: Concurrency | null;
  /** JSON array of planning notes (local extension); null when there are none. */
  planning_notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface ExecutionRecord {
  id: string;
  account_id: string;
  workflow_id: string;
  batch_id: string | null;
  batch_cap: number | null;
  input: string;
  status: ExecutionStatus;
  attempt: number;
  resume_step: number;
  elapsed_ms: number;
  started_at: number | null;
  deadline: number | null;
  finished_at: string | null;
  error: string | null;
  /** Set when a processing execution was cancelled; it ends in error with this message at its next step boundary. */
  cancel_requested: string | null;
  /** The replica that holds the processing execution, and until when (epoch ms) without a heartbeat. */
  owner: string | null;
  lease_until: number | null;
  created_at: string;
}

/** What the API shows of an execution; reading only these columns keeps polling cheap. */
export type ExecutionView = Pick<
  ExecutionRecord,
  'id' | 'account_id' | 'workflow_id' | 'batch_id' | 'batch_cap' | 'status' | 'resume_step' | 'error' | 'created_at'
>;

/** A stored result file without its bytes; `data` is present only when it is shown inline. */
export interface FileSummary {
  id: string;
  filename: string;
  inline_data: Buffer | null;
}

export interface StoredFile {
  id: string;
  execution_id: string;
  filename: string;
  content_type: string;
  data: Buffer;
  size: number;
}

/** A result file as an execution list item shows it: a name and a link, never content. */
export interface FileLink {
  execution_id: string;
  id: string;
  filename: string;
}

/** A file to store with an execution's results. */
export interface NewFile {
  filename: string;
  data: Uint8Array;
}
