import type { Selectable } from 'kysely';
import type { AccountsTable, ApiKeysTable, ExecutionsTable, WorkflowsTable } from './db/schema';

/*
 * Row shapes as the store reads them (JSON columns still as text): a table's columns (db/schema.ts)
 * less those named, which the queries that need them read on their own.
 */

export type AccountRecord = Omit<
  Selectable<AccountsTable>,
  'last_created_us' | 'retention_days' | 'retention_max_runs'
>;

export type ApiKeyRecord = Selectable<ApiKeysTable>;

/** Who is calling: the account and the key it used (the key's id and name say who, for the records). */
export interface Caller {
  account: AccountRecord;
  key: Pick<ApiKeyRecord, 'id' | 'name' | 'role'>;
}

export type WorkflowRecord = Omit<Selectable<WorkflowsTable>, 'planning_owner' | 'planning_lease_until'>;

/** The actor columns (who started, decided, cancelled) are read only by the activity and list queries. */
export type ExecutionRecord = Omit<
  Selectable<ExecutionsTable>,
  | 'first_started_at'
  | 'started_by'
  | 'decided_by'
  | 'decision'
  | 'decision_comment'
  | 'decided_at'
  | 'cancelled_by'
  | 'cancelled_at'
>;

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
