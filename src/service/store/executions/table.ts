import type { Generated, Selectable } from 'kysely';
import type { ExecutionStatus } from '../../../contract/openapi-document';
import type { Nullable } from '../db/nullable';

/**
 * The executions table: its columns' types (part of db/schema.ts's Database) and which of them
 * each read takes. A new column of runs is added here and in a migration (db/later-migrations.ts);
 * ExecutionRecord and ExecutionView (records.ts) follow these lists.
 */
export interface ExecutionsTable {
  id: string;
  account_id: string;
  workflow_id: string;
  batch_id: string | null;
  batch_cap: number | null;
  input: string;
  status: ExecutionStatus;
  attempt: Generated<number>;
  resume_step: Generated<number>;
  elapsed_ms: Generated<number>;
  started_at: Nullable<number>;
  deadline: Nullable<number>;
  finished_at: Nullable<string>;
  error: Nullable<string>;
  /** Set when a processing execution was cancelled; it ends in error with this message at its next step boundary. */
  cancel_requested: Nullable<string>;
  first_started_at: Nullable<string>;
  /** The replica that holds the processing execution, and until when (epoch ms) without a heartbeat. */
  owner: Nullable<string>;
  lease_until: Nullable<number>;
  created_at: string;
  /** The key (api_keys.id) that started the run; null for runs from before keys were recorded. */
  started_by: Nullable<string>;
  /** The key that approved or rejected the run, the decision, the reviewer's comment and when. */
  decided_by: Nullable<string>;
  decision: Nullable<'approved' | 'rejected'>;
  decision_comment: Nullable<string>;
  decided_at: Nullable<string>;
  /** The key that cancelled the run, and when (the first cancel wins). */
  cancelled_by: Nullable<string>;
  cancelled_at: Nullable<string>;
}

/** What the API shows of an execution; reading only these columns keeps polling cheap. */
export const EXECUTION_VIEW_COLUMNS = [
  'id',
  'account_id',
  'workflow_id',
  'batch_id',
  'batch_cap',
  'status',
  'resume_step',
  'error',
  'created_at',
] as const;

/** Every column of an ExecutionRecord. */
export const EXECUTION_COLUMNS = [
  ...EXECUTION_VIEW_COLUMNS,
  'input',
  'attempt',
  'elapsed_ms',
  'started_at',
  'deadline',
  'finished_at',
  'cancel_requested',
  'owner',
  'lease_until',
] as const;

/** A run a reviewer rejected ends in error; it is marked so no rate takes it for a failure. */
export interface RejectedMark {
  rejected?: true;
}

export const rejectedMark = (row: { status: string; decision: string | null }): RejectedMark =>
  row.status === 'error' && row.decision === 'rejected' ? { rejected: true } : {};

/**
 * The columns a request may set on a run when it starts it; the store sets the others. A new one is
 * named here (`'note'`, say), and store.createExecutions writes it to the row.
 */
type GivenColumn = never;
export type RunGiven = Partial<Pick<Selectable<ExecutionsTable>, GivenColumn>>;
