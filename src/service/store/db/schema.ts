import type { ColumnType, Generated } from 'kysely';
import type { Concurrency, WorkflowStatus } from '../../../contract/openapi-document';

import type { ExecutionsTable } from '../executions/table';
import type { Nullable } from './nullable';

/**
 * The tables as Kysely sees them, on both databases. Integers that hold milliseconds or
 * microseconds are BIGINT on PostgreSQL and come back as numbers (see postgres-dialect.ts).
 */
export interface Database {
  migrations: MigrationsTable;
  meta: MetaTable;
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  workflows: WorkflowsTable;
  executions: ExecutionsTable;
  execution_steps: ExecutionStepsTable;
  files: FilesTable;
  rate_windows: RateWindowsTable;
  batches: BatchesTable;
  batch_rows: BatchRowsTable;
  retention_changes: RetentionChangesTable;
}

interface MigrationsTable {
  version: number;
  applied_at: string;
}

interface MetaTable {
  key: string;
  value: string;
}

/**
 * Where an account's key came from: WORKFLOW_API_KEYS ('environment', revoked at start once it leaves
 * the variable), `npm run keys -- create` ('command') or the development key ('developer').
 */
export type AccountSource = 'environment' | 'command' | 'developer';

export interface AccountsTable {
  id: string;
  name: string;
  /** The hash of the account's first key (api_keys holds it and every other key; auth reads only api_keys). */
  key_hash: string;
  created_at: string;
  last_created_us: Generated<number>;
  revoked_at: string | null;
  source: ColumnType<AccountSource, AccountSource | undefined, AccountSource>;
  /** The account's own retention of ended runs, in days and in runs kept; null: the service's setting. */
  retention_days: Nullable<number>;
  retention_max_runs: Nullable<number>;
}

/**
 * Where a key came from: the account's own origin for its first key (see AccountSource), or made
 * by a key of the account through the keys endpoints ('dashboard').
 */
export type ApiKeySource = AccountSource | 'dashboard';

/** The keys that open an account, each named after the person or robot that holds it. */
export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  key_hash: string;
  created_at: string;
  /** The key that created this one; null for keys made by the command line, WORKFLOW_API_KEYS or the dev key. */
  created_by: string | null;
  /** Written at most once a minute per key and replica (see KeyResolver), so it may lag by that much. */
  last_used_at: Nullable<string>;
  revoked_at: Nullable<string>;
  source: ApiKeySource;
  /** admin: may make and revoke keys and change retention; member: may use the account and revoke itself. */
  role: ColumnType<ApiKeyRole, ApiKeyRole | undefined, ApiKeyRole>;
}

export type ApiKeyRole = 'admin' | 'member';

export interface WorkflowsTable {
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
  planning_owner: Nullable<string>;
  planning_lease_until: Nullable<number>;
  created_at: string;
  updated_at: string;
}

interface ExecutionStepsTable {
  execution_id: string;
  position: number;
  status: 'processing' | 'waiting' | 'finished' | 'error';
  started_at: string;
  finished_at: string | null;
  error: string | null;
  /** A writing step's answer as its file holds it, and the digest of the request it answers. */
  written_text: Nullable<string>;
  written_request: Nullable<string>;
  /** The model that wrote it, and the tokens its server counted (null when it did not say). */
  model: Nullable<string>;
  prompt_tokens: Nullable<number>;
  completion_tokens: Nullable<number>;
}

interface FilesTable {
  id: string;
  execution_id: string;
  position: number;
  filename: string;
  content_type: string;
  data: ColumnType<Buffer, Uint8Array, Uint8Array>;
  size: number;
  inline: 0 | 1;
}

interface RateWindowsTable {
  key: string;
  window_start: number;
  count: number;
}

/** A batch declared by the dashboard (local extension): where its rows came from and who started it. */
export interface BatchesTable {
  id: string;
  account_id: string;
  workflow_id: string;
  file_name: string;
  /** JSON: the file's column headers. */
  columns: string;
  /** JSON: the mapping of columns to input fields, as the client sent it. */
  mapping: string;
  row_count: number;
  /** The key that declared it; null when made before keys had ids. */
  started_by: string | null;
  created_at: string;
}

/** Which execution ran a batch row at which attempt; `latest` (1 or 0) marks the row's newest attempt. */
export interface BatchRowsTable {
  /** A batch's id is the client's, unique within its account only. */
  account_id: string;
  batch_id: string;
  row_index: number;
  attempt: number;
  execution_id: string;
  latest: number;
}

/** One change of an account's own retention: who made it, when, from what to what (null: the service's). */
export interface RetentionChangesTable {
  account_id: string;
  changed_at: string;
  /** The key that made it; null when made with `npm run keys -- retention`. */
  changed_by: string | null;
  from_days: number | null;
  from_max_runs: number | null;
  to_days: number | null;
  to_max_runs: number | null;
}
