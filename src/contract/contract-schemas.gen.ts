/**
 * This file was generated from openapi.json by src/contract/gen-schemas.ts (`npm run gen:types`).
 * Do not make direct changes to the file.
 */
import * as c from './contract-check';
import type { components } from './api-types';

type Schemas = components['schemas'];

export const ExecutionActor: c.Check<Schemas['ExecutionActor']> = /* @__PURE__ */ c.object({
  key_id: c.string,
  name: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const ExecutionStatus: c.Check<Schemas['ExecutionStatus']> = /* @__PURE__ */ c.enumOf([
  'initial',
  'processing',
  'human_in_the_loop',
  'finished',
  'error',
]);
export const ResultFileLink: c.Check<Schemas['ResultFileLink']> = /* @__PURE__ */ c.object({
  filename: c.string,
  url: c.string,
});
export const ExecutionListItem: c.Check<Schemas['ExecutionListItem']> = /* @__PURE__ */ c.object(
  { id: c.string, workflow_id: c.string, status: ExecutionStatus, created_at: c.string },
  {
    url: c.string,
    error: c.string,
    results: /* @__PURE__ */ c.array(ResultFileLink),
    started_at: c.string,
    finished_at: c.string,
    started_by: ExecutionActor,
    batch_id: c.string,
  },
);
export const AccountExecutionListItem: c.Check<Schemas['AccountExecutionListItem']> = /* @__PURE__ */ c.allOf(
  ExecutionListItem,
  /* @__PURE__ */ c.object({ workflow_name: c.string }),
);
export const AccountExecutionListPage: c.Check<Schemas['AccountExecutionListPage']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(AccountExecutionListItem),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const ApiKeyCreator: c.Check<Schemas['ApiKeyCreator']> = /* @__PURE__ */ c.object({
  id: c.string,
  name: c.string,
});
export const ApiKeyRole: c.Check<Schemas['ApiKeyRole']> = /* @__PURE__ */ c.enumOf(['admin', 'member']);
export const ApiKeySource: c.Check<Schemas['ApiKeySource']> = /* @__PURE__ */ c.enumOf([
  'dashboard',
  'command',
  'environment',
  'developer',
]);
export const ApiKey: c.Check<Schemas['ApiKey']> = /* @__PURE__ */ c.object({
  id: c.string,
  name: c.string,
  created_at: c.string,
  last_used_at: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
  revoked_at: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
  created_by: /* @__PURE__ */ c.oneOf(ApiKeyCreator, c.nullValue),
  source: ApiKeySource,
  current: c.boolean,
  role: ApiKeyRole,
});
export const ApiKeyList: c.Check<Schemas['ApiKeyList']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(ApiKey),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const ApprovalRequest: c.Check<Schemas['ApprovalRequest']> = /* @__PURE__ */ c.object(
  { approved: c.boolean },
  { comment: c.string },
);
export const ExecutionStatusCounts: c.Check<Schemas['ExecutionStatusCounts']> = /* @__PURE__ */ c.object({
  initial: c.number,
  processing: c.number,
  human_in_the_loop: c.number,
  finished: c.number,
  error: c.number,
});
export const Batch: c.Check<Schemas['Batch']> = /* @__PURE__ */ c.object({
  id: c.string,
  workflow_id: c.string,
  file_name: c.string,
  columns: /* @__PURE__ */ c.array(c.string),
  mapping: c.record,
  row_count: c.number,
  started_by: /* @__PURE__ */ c.oneOf(ApiKeyCreator, c.nullValue),
  created_at: c.string,
  rows_sent: c.number,
  runs: c.number,
  counts: ExecutionStatusCounts,
});
export const BatchItemResult: c.Check<Schemas['BatchItemResult']> = /* @__PURE__ */ c.object({
  execution_id: c.string,
  index: c.number,
});
export const BatchCreateResponse: c.Check<Schemas['BatchCreateResponse']> = /* @__PURE__ */ c.object(
  { workflow_id: c.string, total: c.number, executions: /* @__PURE__ */ c.array(BatchItemResult) },
  { batch_id: c.string },
);
export const BatchSummary: c.Check<Schemas['BatchSummary']> = /* @__PURE__ */ c.object({
  id: c.string,
  workflow_id: c.string,
  file_name: c.string,
  row_count: c.number,
  started_by: /* @__PURE__ */ c.oneOf(ApiKeyCreator, c.nullValue),
  created_at: c.string,
  rows_sent: c.number,
  runs: c.number,
  counts: ExecutionStatusCounts,
});
export const BatchListPage: c.Check<Schemas['BatchListPage']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(BatchSummary),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const BatchRowAttempt: c.Check<Schemas['BatchRowAttempt']> = /* @__PURE__ */ c.object(
  { attempt: c.number, execution_id: c.string, status: ExecutionStatus },
  { error: c.string },
);
export const ResultFile: c.Check<Schemas['ResultFile']> = /* @__PURE__ */ c.object(
  { filename: c.string, url: c.string },
  { content: c.string },
);
export const BatchResultRow: c.Check<Schemas['BatchResultRow']> = /* @__PURE__ */ c.object(
  {
    index: c.number,
    attempt: c.number,
    execution_id: c.string,
    status: ExecutionStatus,
    created_at: c.string,
    input: c.record,
    results: /* @__PURE__ */ c.oneOf(/* @__PURE__ */ c.array(ResultFile), c.nullValue),
    earlier: /* @__PURE__ */ c.array(BatchRowAttempt),
  },
  { error: c.string, started_at: c.string, finished_at: c.string },
);
export const BatchResultPage: c.Check<Schemas['BatchResultPage']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(BatchResultRow),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const BatchRow: c.Check<Schemas['BatchRow']> = /* @__PURE__ */ c.object(
  {
    index: c.number,
    attempt: c.number,
    execution_id: c.string,
    status: ExecutionStatus,
    created_at: c.string,
    input: c.record,
    earlier: /* @__PURE__ */ c.array(BatchRowAttempt),
  },
  { error: c.string },
);
export const BatchRowPage: c.Check<Schemas['BatchRowPage']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(BatchRow),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const BatchRunItem: c.Check<Schemas['BatchRunItem']> = /* @__PURE__ */ c.object({
  row: c.number,
  attempt: c.number,
  input: c.record,
});
export const BatchRunResult: c.Check<Schemas['BatchRunResult']> = /* @__PURE__ */ c.object({
  execution_id: c.string,
  index: c.number,
  row: c.number,
  attempt: c.number,
});
export const BatchRunsResponse: c.Check<Schemas['BatchRunsResponse']> = /* @__PURE__ */ c.object({
  batch_id: c.string,
  workflow_id: c.string,
  total: c.number,
  executions: /* @__PURE__ */ c.array(BatchRunResult),
});
export const CancelExecutionsRequest: c.Check<Schemas['CancelExecutionsRequest']> = /* @__PURE__ */ c.object(
  {},
  { batch_id: c.string, execution_ids: /* @__PURE__ */ c.array(c.string), reason: c.string },
);
export const CancelExecutionsResponse: c.Check<Schemas['CancelExecutionsResponse']> = /* @__PURE__ */ c.object({
  cancelled: c.number,
  stopping: c.number,
  unchanged: c.number,
  not_found: c.number,
});
export const Concurrency: c.Check<Schemas['Concurrency']> = /* @__PURE__ */ c.enumOf(['low', 'medium', 'high']);
export const CreateApiKeyRequest: c.Check<Schemas['CreateApiKeyRequest']> = /* @__PURE__ */ c.object(
  { name: c.string },
  { role: ApiKeyRole },
);
export const CreateBatchRequest: c.Check<Schemas['CreateBatchRequest']> = /* @__PURE__ */ c.object(
  { items: /* @__PURE__ */ c.array(c.record) },
  { concurrency: Concurrency },
);
export const CreateBatchRunsRequest: c.Check<Schemas['CreateBatchRunsRequest']> = /* @__PURE__ */ c.object(
  { items: /* @__PURE__ */ c.array(BatchRunItem) },
  { concurrency: Concurrency },
);
export const CreateExecutionRequest: c.Check<Schemas['CreateExecutionRequest']> = /* @__PURE__ */ c.object(
  {},
  { input: c.record },
);
export const CreateWorkflowRequest: c.Check<Schemas['CreateWorkflowRequest']> = /* @__PURE__ */ c.object(
  { prompt: c.string },
  { name: c.string, description: c.string },
);
export const CreatedApiKey: c.Check<Schemas['CreatedApiKey']> = /* @__PURE__ */ c.allOf(
  ApiKey,
  /* @__PURE__ */ c.object({ key: c.string }),
);
export const DeclareBatchRequest: c.Check<Schemas['DeclareBatchRequest']> = /* @__PURE__ */ c.object({
  workflow_id: c.string,
  file_name: c.string,
  columns: /* @__PURE__ */ c.array(c.string),
  mapping: c.record,
  row_count: c.number,
});
export const Error: c.Check<Schemas['Error']> = /* @__PURE__ */ c.object({ error: c.string });
export const ExecutionActivity: c.Check<Schemas['ExecutionActivity']> = /* @__PURE__ */ c.object({
  execution_id: c.string,
  workflow_id: c.string,
  started: /* @__PURE__ */ c.oneOf(/* @__PURE__ */ c.object({ by: ExecutionActor, at: c.string }), c.nullValue),
  decision: /* @__PURE__ */ c.oneOf(
    /* @__PURE__ */ c.object({
      approved: c.boolean,
      by: ExecutionActor,
      comment: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
      at: c.string,
    }),
    c.nullValue,
  ),
  cancelled: /* @__PURE__ */ c.oneOf(/* @__PURE__ */ c.object({ by: ExecutionActor, at: c.string }), c.nullValue),
});
export const ExecutionCreateResponse: c.Check<Schemas['ExecutionCreateResponse']> = /* @__PURE__ */ c.object({
  execution_id: c.string,
  workflow_id: c.string,
  status: ExecutionStatus,
  created_at: c.string,
});
export const ExecutionDetail: c.Check<Schemas['ExecutionDetail']> = /* @__PURE__ */ c.object(
  {
    id: c.string,
    workflow_id: c.string,
    status: ExecutionStatus,
    created_at: c.string,
    results: /* @__PURE__ */ c.oneOf(/* @__PURE__ */ c.array(ResultFile), c.nullValue),
  },
  { url: c.string, retry_after_seconds: c.number },
);
export const ExecutionInput: c.Check<Schemas['ExecutionInput']> = /* @__PURE__ */ c.object({
  execution_id: c.string,
  workflow_id: c.string,
  input: c.record,
});
export const ExecutionListPage: c.Check<Schemas['ExecutionListPage']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(ExecutionListItem),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
export const ExecutionStats: c.Check<Schemas['ExecutionStats']> = /* @__PURE__ */ c.object(
  {
    workflow_id: c.string,
    from: c.string,
    to: c.string,
    bucket: /* @__PURE__ */ c.enumOf(['hour', 'day']),
    tz_offset_minutes: c.number,
    total: c.number,
    counts: ExecutionStatusCounts,
    success_rate: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    buckets: /* @__PURE__ */ c.array(/* @__PURE__ */ c.object({ start: c.string, counts: ExecutionStatusCounts })),
    duration: /* @__PURE__ */ c.object({
      count: c.number,
      p50_ms: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
      p95_ms: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
      max_ms: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
      histogram: /* @__PURE__ */ c.array(
        /* @__PURE__ */ c.object({ from_ms: c.number, to_ms: c.number, count: c.number }),
      ),
    }),
  },
  { rejected: c.number },
);
export const ExecutionStep: c.Check<Schemas['ExecutionStep']> = /* @__PURE__ */ c.object(
  {
    index: c.number,
    kind: c.string,
    name: c.string,
    status: /* @__PURE__ */ c.enumOf(['pending', 'processing', 'waiting', 'finished', 'error', 'skipped']),
    started_at: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
    finished_at: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
    duration_ms: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    error: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
  },
  {
    model: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
    tokens: /* @__PURE__ */ c.oneOf(
      /* @__PURE__ */ c.object({ prompt_tokens: c.number, completion_tokens: c.number }),
      c.nullValue,
    ),
  },
);
export const ExecutionSteps: c.Check<Schemas['ExecutionSteps']> = /* @__PURE__ */ c.object({
  execution_id: c.string,
  workflow_id: c.string,
  status: ExecutionStatus,
  steps: /* @__PURE__ */ c.array(ExecutionStep),
});
export const ListKeyCookie: c.Check<Schemas['ListKeyCookie']> = c.string;
export const PlanningNote: c.Check<Schemas['PlanningNote']> = /* @__PURE__ */ c.object({
  kind: /* @__PURE__ */ c.enumOf(['schedule', 'trigger', 'integration', 'browsing', 'output', 'planner']),
  text: c.string,
});
export const ReplanWorkflowRequest: c.Check<Schemas['ReplanWorkflowRequest']> = /* @__PURE__ */ c.object({
  prompt: c.string,
});
export const RetentionSetting: c.Check<Schemas['RetentionSetting']> = /* @__PURE__ */ c.object({
  days: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
  max_runs: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
});
export const RetentionChange: c.Check<Schemas['RetentionChange']> = /* @__PURE__ */ c.object({
  changed_at: c.string,
  changed_by: /* @__PURE__ */ c.oneOf(ApiKeyCreator, c.nullValue),
  from: RetentionSetting,
  to: RetentionSetting,
});
export const Retention: c.Check<Schemas['Retention']> = /* @__PURE__ */ c.object(
  {
    days: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    max_runs: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    account_days: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    account_max_runs: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    service_days: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
    service_max_runs: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
  },
  { changes: /* @__PURE__ */ c.array(RetentionChange) },
);
export const RetentionUpdate: c.Check<Schemas['RetentionUpdate']> = /* @__PURE__ */ c.object({
  days: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
  max_runs: /* @__PURE__ */ c.oneOf(c.number, c.nullValue),
});
export const ServiceInfo: c.Check<Schemas['ServiceInfo']> = /* @__PURE__ */ c.object(
  { planner: /* @__PURE__ */ c.enumOf(['rules', 'model']), model: /* @__PURE__ */ c.oneOf(c.string, c.nullValue) },
  {
    local_models: /* @__PURE__ */ c.oneOf(
      /* @__PURE__ */ c.object({ url: c.string, models: /* @__PURE__ */ c.array(c.string), command: c.string }),
      c.nullValue,
    ),
  },
);
export const UpdateWorkflowRequest: c.Check<Schemas['UpdateWorkflowRequest']> = /* @__PURE__ */ c.object(
  {},
  { name: c.string, description: c.string },
);
export const WorkflowLastRun: c.Check<Schemas['WorkflowLastRun']> = /* @__PURE__ */ c.object(
  { id: c.string, status: ExecutionStatus, created_at: c.string },
  { rejected: c.boolean },
);
export const WorkflowActivity: c.Check<Schemas['WorkflowActivity']> = /* @__PURE__ */ c.object({
  last_run: /* @__PURE__ */ c.oneOf(WorkflowLastRun, c.nullValue),
  recent: /* @__PURE__ */ c.object({ days: c.number, finished: c.number, error: c.number }, { rejected: c.number }),
  waiting_approval: c.number,
});
export const WorkflowCreateResponse: c.Check<Schemas['WorkflowCreateResponse']> = /* @__PURE__ */ c.object({
  id: c.string,
  name: c.string,
  description: c.string,
  url: c.string,
  status: /* @__PURE__ */ c.enumOf(['planning']),
  created_at: c.string,
});
export const WorkflowStatus: c.Check<Schemas['WorkflowStatus']> = /* @__PURE__ */ c.enumOf([
  'planning',
  'ready',
  'failed',
]);
export const WorkflowDetail: c.Check<Schemas['WorkflowDetail']> = /* @__PURE__ */ c.object(
  {
    id: c.string,
    name: c.string,
    description: c.string,
    created_at: c.string,
    updated_at: c.string,
    input_schema: /* @__PURE__ */ c.oneOf(c.record, c.nullValue),
  },
  {
    status: WorkflowStatus,
    concurrency: Concurrency,
    prompt: c.string,
    planning_error: c.string,
    planning_notes: /* @__PURE__ */ c.array(PlanningNote),
  },
);
export const WorkflowListItem: c.Check<Schemas['WorkflowListItem']> = /* @__PURE__ */ c.object(
  { id: c.string, name: c.string, description: c.string, created_at: c.string, updated_at: c.string },
  { status: WorkflowStatus, example: c.boolean, activity: WorkflowActivity },
);
export const WorkflowListPage: c.Check<Schemas['WorkflowListPage']> = /* @__PURE__ */ c.object({
  data: /* @__PURE__ */ c.array(WorkflowListItem),
  cursor: /* @__PURE__ */ c.oneOf(c.string, c.nullValue),
});
