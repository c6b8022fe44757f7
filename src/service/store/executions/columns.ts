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
