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
