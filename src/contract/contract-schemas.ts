/**
 * This file was generated from openapi.json by src/contract/gen-schemas.ts (`npm run gen:types`).
 * Do not make direct changes to the file.
 */
import * as z from 'zod/mini';
import type { components } from './api-types';

type Schemas = components['schemas'];

export const ExecutionStatus: z.ZodMiniType<Schemas['ExecutionStatus']> = z.enum([
  'initial',
  'processing',
  'human_in_the_loop',
  'finished',
  'error',
]);
export const ResultFileLink: z.ZodMiniType<Schemas['ResultFileLink']> = z.looseObject({
  filename: z.string(),
  url: z.string(),
});
export const ExecutionListItem: z.ZodMiniType<Schemas['ExecutionListItem']> = z.looseObject({
  id: z.string(),
  workflow_id: z.string(),
  status: ExecutionStatus,
  created_at: z.string(),
  url: z.optional(z.string()),
  error: z.optional(z.string()),
  results: z.optional(z.array(ResultFileLink)),
  started_at: z.optional(z.string()),
  finished_at: z.optional(z.string()),
});
export const AccountExecutionListItem: z.ZodMiniType<Schemas['AccountExecutionListItem']> = z.intersection(
  ExecutionListItem,
  z.looseObject({ workflow_name: z.string() }),
);
export const AccountExecutionListPage: z.ZodMiniType<Schemas['AccountExecutionListPage']> = z.looseObject({
  data: z.array(AccountExecutionListItem),
  cursor: z.union([z.string(), z.null()]),
});
export const ApprovalRequest: z.ZodMiniType<Schemas['ApprovalRequest']> = z.looseObject({
  approved: z.boolean(),
  comment: z.optional(z.string()),
});
export const BatchItemResult: z.ZodMiniType<Schemas['BatchItemResult']> = z.looseObject({
  execution_id: z.string(),
  index: z.number(),
});
export const BatchCreateResponse: z.ZodMiniType<Schemas['BatchCreateResponse']> = z.looseObject({
  workflow_id: z.string(),
  total: z.number(),
  executions: z.array(BatchItemResult),
  batch_id: z.optional(z.string()),
});
export const CancelExecutionsRequest: z.ZodMiniType<Schemas['CancelExecutionsRequest']> = z.looseObject({
  batch_id: z.optional(z.string()),
  execution_ids: z.optional(z.array(z.string())),
  reason: z.optional(z.string()),
});
export const CancelExecutionsResponse: z.ZodMiniType<Schemas['CancelExecutionsResponse']> = z.looseObject({
  cancelled: z.number(),
  stopping: z.number(),
  unchanged: z.number(),
  not_found: z.number(),
});
export const Concurrency: z.ZodMiniType<Schemas['Concurrency']> = z.enum(['low', 'medium', 'high']);
export const CreateBatchRequest: z.ZodMiniType<Schemas['CreateBatchRequest']> = z.looseObject({
  items: z.array(z.looseObject({})),
  concurrency: z.optional(Concurrency),
});
export const CreateExecutionRequest: z.ZodMiniType<Schemas['CreateExecutionRequest']> = z.looseObject({
  input: z.optional(z.looseObject({})),
});
export const CreateWorkflowRequest: z.ZodMiniType<Schemas['CreateWorkflowRequest']> = z.looseObject({
  prompt: z.string(),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
});
export const Error: z.ZodMiniType<Schemas['Error']> = z.looseObject({ error: z.string() });
export const ExecutionCreateResponse: z.ZodMiniType<Schemas['ExecutionCreateResponse']> = z.looseObject({
  execution_id: z.string(),
  workflow_id: z.string(),
  status: ExecutionStatus,
  created_at: z.string(),
});
export const ResultFile: z.ZodMiniType<Schemas['ResultFile']> = z.looseObject({
  filename: z.string(),
  url: z.string(),
  content: z.optional(z.string()),
});
export const ExecutionDetail: z.ZodMiniType<Schemas['ExecutionDetail']> = z.looseObject({
  id: z.string(),
  workflow_id: z.string(),
  status: ExecutionStatus,
  created_at: z.string(),
  url: z.optional(z.string()),
  retry_after_seconds: z.optional(z.number()),
  results: z.union([z.array(ResultFile), z.null()]),
});
export const ExecutionInput: z.ZodMiniType<Schemas['ExecutionInput']> = z.looseObject({
  execution_id: z.string(),
  workflow_id: z.string(),
  input: z.looseObject({}),
});
export const ExecutionListPage: z.ZodMiniType<Schemas['ExecutionListPage']> = z.looseObject({
  data: z.array(ExecutionListItem),
  cursor: z.union([z.string(), z.null()]),
});
export const ExecutionStatusCounts: z.ZodMiniType<Schemas['ExecutionStatusCounts']> = z.looseObject({
  initial: z.number(),
  processing: z.number(),
  human_in_the_loop: z.number(),
  finished: z.number(),
  error: z.number(),
});
export const ExecutionStats: z.ZodMiniType<Schemas['ExecutionStats']> = z.looseObject({
  workflow_id: z.string(),
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['hour', 'day']),
  tz_offset_minutes: z.number(),
  total: z.number(),
  counts: ExecutionStatusCounts,
  success_rate: z.union([z.number(), z.null()]),
  buckets: z.array(z.looseObject({ start: z.string(), counts: ExecutionStatusCounts })),
  duration: z.looseObject({
    count: z.number(),
    p50_ms: z.union([z.number(), z.null()]),
    p95_ms: z.union([z.number(), z.null()]),
    max_ms: z.union([z.number(), z.null()]),
    histogram: z.array(z.looseObject({ from_ms: z.number(), to_ms: z.number(), count: z.number() })),
  }),
});
export const ExecutionStep: z.ZodMiniType<Schemas['ExecutionStep']> = z.looseObject({
  index: z.number(),
  kind: z.string(),
  name: z.string(),
  status: z.enum(['pending', 'processing', 'waiting', 'finished', 'error', 'skipped']),
  started_at: z.union([z.string(), z.null()]),
  finished_at: z.union([z.string(), z.null()]),
  duration_ms: z.union([z.number(), z.null()]),
  error: z.union([z.string(), z.null()]),
});
export const ExecutionSteps: z.ZodMiniType<Schemas['ExecutionSteps']> = z.looseObject({
  execution_id: z.string(),
  workflow_id: z.string(),
  status: ExecutionStatus,
  steps: z.array(ExecutionStep),
});
export const PlanningNote: z.ZodMiniType<Schemas['PlanningNote']> = z.looseObject({
  kind: z.enum(['schedule', 'trigger', 'integration', 'browsing']),
  text: z.string(),
});
export const WorkflowCreateResponse: z.ZodMiniType<Schemas['WorkflowCreateResponse']> = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  status: z.enum(['planning']),
  created_at: z.string(),
});
export const WorkflowStatus: z.ZodMiniType<Schemas['WorkflowStatus']> = z.enum(['planning', 'ready', 'failed']);
export const WorkflowDetail: z.ZodMiniType<Schemas['WorkflowDetail']> = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  input_schema: z.union([z.looseObject({}), z.null()]),
  status: z.optional(WorkflowStatus),
  concurrency: z.optional(Concurrency),
  planning_error: z.optional(z.string()),
  planning_notes: z.optional(z.array(PlanningNote)),
});
export const WorkflowListItem: z.ZodMiniType<Schemas['WorkflowListItem']> = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.optional(WorkflowStatus),
});
export const WorkflowListPage: z.ZodMiniType<Schemas['WorkflowListPage']> = z.looseObject({
  data: z.array(WorkflowListItem),
  cursor: z.union([z.string(), z.null()]),
});
