import type { Selectable } from 'kysely';
import type { AccountsTable, ApiKeysTable, WorkflowsTable } from './db/schema';
import type { EXECUTION_COLUMNS, EXECUTION_VIEW_COLUMNS, ExecutionsTable } from './executions/table';

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

/** The columns the engine and the API read (see executions/table.ts); the actor columns are read only by the activity and list queries. */
export type ExecutionRecord = Pick<Selectable<ExecutionsTable>, (typeof EXECUTION_COLUMNS)[number]>;

/** What the API shows of an execution; reading only these columns keeps polling cheap. */
export type ExecutionView = Pick<ExecutionRecord, (typeof EXECUTION_VIEW_COLUMNS)[number]>;

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
