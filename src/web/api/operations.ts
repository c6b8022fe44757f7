import * as contract from '@contract/contract-schemas.gen';
import type { CancelExecutionsRequest, Concurrency, Schemas } from '@contract/openapi-document';
import {
  answer,
  del,
  get,
  none,
  nothing,
  ofBatch,
  ofWorkflow,
  page,
  pageQuery,
  patch,
  post,
  put,
  readOfExecution,
  statusQuery,
  withConcurrency,
  type ExecutionPageParams,
  type ListedExecution,
  type PageParams,
} from './operation-rows';
import { parseAnswer } from './parse-response';

/** Reading, creating and editing workflows. */
const workflowOperations = {
  listWorkflows: get('/workflows', page(contract.WorkflowListPage, 'workflows'), (p?: PageParams) => ({
    query: pageQuery(p),
  })),
  getWorkflow: get('/workflows/{workflowId}', answer(contract.WorkflowDetail, 'workflow'), ofWorkflow),
  createWorkflow: post(
    '/workflows',
    answer(contract.WorkflowCreateResponse, 'created workflow'),
    (body: Schemas['CreateWorkflowRequest']) => ({ body }),
  ),
  /** Local extension: renames a workflow or edits its description. Only where capabilities say `updateWorkflow`. */
  updateWorkflow: patch(
    '/workflows/{workflowId}',
    answer(contract.WorkflowDetail, 'workflow'),
    (workflowId: string, body: Schemas['UpdateWorkflowRequest']) => ({ path: { workflowId }, body }),
  ),
  /** Local extension: re-plans a workflow in place from an edited prompt (its runs kept). Only where capabilities say `replanWorkflow`. */
  replanWorkflow: post(
    '/workflows/{workflowId}/replan',
    answer(contract.WorkflowDetail, 'workflow'),
    (workflowId: string, prompt: string) => ({ path: { workflowId }, body: { prompt } }),
  ),
  /** Local extension: deletes a workflow with its runs and their files. Only where capabilities say `deleteWorkflow`. */
  deleteWorkflow: del('/workflows/{workflowId}', nothing, ofWorkflow),
};

/** Starting, listing and reading executions one at a time. */
const executionOperations = {
  listExecutions: get(
    '/workflows/{workflowId}/executions',
    page<ListedExecution>(contract.ExecutionListPage, 'executions'),
    (workflowId: string, p?: ExecutionPageParams) => ({
      path: { workflowId },
      query: { ...pageQuery(p), ...statusQuery(p?.statuses) },
    }),
  ),
  /**
   * Local extension: every workflow's executions, newest first. Only where capabilities say
   * `globalExecutions`; `startedBy` and `batchId` only where they say `startedByFilter` and `batchFilter`.
   */
  listAccountExecutions: get(
    '/executions',
    page<ListedExecution & { workflow_name?: string }>(contract.AccountExecutionListPage, 'executions'),
    (p?: ExecutionPageParams & { workflowId?: string; startedBy?: string; batchId?: string }) => ({
      query: {
        ...pageQuery(p),
        workflow_id: p?.workflowId,
        started_by: p?.startedBy,
        batch_id: p?.batchId,
        ...statusQuery(p?.statuses),
      },
    }),
  ),
  /** Local extension: runs per bucket by status, success rate and durations. Only where capabilities say `executionStats`. */
  getExecutionStats: get(
    '/workflows/{workflowId}/executions/stats',
    answer(contract.ExecutionStats, 'run statistics'),
    (workflowId: string, range: { from: string; to: string; bucket: 'hour' | 'day'; tzOffsetMinutes: number }) => ({
      path: { workflowId },
      query: { from: range.from, to: range.to, bucket: range.bucket, tz_offset_minutes: range.tzOffsetMinutes },
    }),
  ),
  getExecution: readOfExecution('', contract.ExecutionDetail, 'execution'),
  /** Local extension: the workflow's steps as the execution ran them. Only where capabilities say `executionSteps`. */
  getExecutionSteps: readOfExecution('/steps', contract.ExecutionSteps, 'execution steps'),
  /** Local extension: the input an execution was started with. Only where capabilities say `executionInput`. */
  getExecutionInput: readOfExecution('/input', contract.ExecutionInput, 'execution input'),
  /** Local extension: who started, decided and cancelled an execution. Only where capabilities say `executionActivity`. */
  getExecutionActivity: readOfExecution('/activity', contract.ExecutionActivity, 'who did what'),
  createExecution: post(
    '/workflows/{workflowId}/executions',
    answer(contract.ExecutionCreateResponse, 'created execution'),
    (workflowId: string, input: Schemas['CreateExecutionRequest']['input']) => ({
      path: { workflowId },
      body: input === undefined ? {} : { input },
    }),
  ),
};

/** Sending batches, deciding about and stopping executions, and the server's settings. */
const controlOperations = {
  createBatch: post(
    '/workflows/{workflowId}/executions/batch',
    (data, status) => {
      const batch = parseAnswer(contract.BatchCreateResponse, data, 'batch', status);
      // An empty batch id cannot name the batch to cancel: treat it as absent.
      if (batch.batch_id === '') delete batch.batch_id;
      return batch;
    },
    (workflowId: string, items: Schemas['CreateBatchRequest']['items'], concurrency?: Concurrency) => ({
      path: { workflowId },
      body: withConcurrency(items, concurrency),
    }),
  ),
  /**
   * Local extension: cancels a workflow's unfinished executions, by the server's batch id or by
   * up to 10,000 execution ids. Offer it only where capabilities say `cancel`.
   */
  cancelExecutions: post(
    '/workflows/{workflowId}/executions/cancel',
    answer(contract.CancelExecutionsResponse, 'cancel'),
    (workflowId: string, target: { batch_id: string } | { execution_ids: string[] }, reason?: string) => ({
      path: { workflowId },
      body: (reason === undefined ? target : { ...target, reason }) satisfies CancelExecutionsRequest,
    }),
  ),
  /** Local extension: approve or reject an execution waiting in human_in_the_loop. */
  decideApproval: post(
    '/workflows/{workflowId}/executions/{executionId}/approval',
    answer(contract.ExecutionDetail, 'execution'),
    (workflowId: string, executionId: string, decision: Schemas['ApprovalRequest']) => ({
      path: { workflowId, executionId },
      body: decision.comment ? decision : { approved: decision.approved },
    }),
  ),
  /** Local extension: how the server plans workflows (a model, or the built-in rules). Only where capabilities say `serviceInfo`. */
  getServiceInfo: get('/service', answer(contract.ServiceInfo, 'service'), none),
  /** Local extension: how long the server keeps the account's ended runs. Only where capabilities say `retention`. */
  getRetention: get('/retention', answer(contract.Retention, 'retention'), none),
  /** Sets the account's own retention (each null: the server's). Only where capabilities say `retentionSettings`. */
  updateRetention: put('/retention', answer(contract.Retention, 'retention'), (body: Schemas['RetentionUpdate']) => ({
    body,
  })),
};

/** The account's API keys (local extension): only where capabilities say `apiKeys`. */
const keyOperations = {
  /** A page of the account's keys, newest first. */
  listApiKeys: get('/keys', page(contract.ApiKeyList, 'API keys'), (p?: PageParams) => ({ query: pageQuery(p) })),
  /** The key this connection uses, with its role. */
  getCurrentApiKey: get('/keys/current', answer(contract.ApiKey, 'API key'), none),
  /** Makes a named key; the answer is the only time the key itself is shown. */
  createApiKey: post(
    '/keys',
    answer(contract.CreatedApiKey, 'new API key'),
    (name: string, role?: Schemas['ApiKeyRole']) => ({
      body: { name, role: role ?? 'member' },
    }),
  ),
  revokeApiKey: post('/keys/{keyId}/revoke', answer(contract.ApiKey, 'API key'), (keyId: string) => ({
    path: { keyId },
  })),
};

/** Batches kept on the server for the whole account (local extension): only where capabilities say `sharedBatches`. */
const sharedBatchOperations = {
  /** Declares a batch under the id the dashboard chose; sending it again answers the batch as it is. */
  declareBatch: put(
    '/batches/{batchId}',
    answer(contract.Batch, 'batch'),
    (batchId: string, body: Schemas['DeclareBatchRequest']) => ({
      path: { batchId },
      body,
    }),
  ),
  /** Runs rows of a declared batch at the given attempts; rows already run at that attempt answer their execution. */
  createBatchRuns: post(
    '/batches/{batchId}/runs',
    answer(contract.BatchRunsResponse, 'batch runs'),
    (batchId: string, items: Schemas['BatchRunItem'][], concurrency?: Concurrency) => ({
      path: { batchId },
      body: withConcurrency(items, concurrency),
    }),
  ),
  listBatches: get('/batches', page(contract.BatchListPage, 'batches'), (p?: PageParams & { workflowId?: string }) => ({
    query: { ...pageQuery(p), workflow_id: p?.workflowId },
  })),
  getBatch: get('/batches/{batchId}', answer(contract.Batch, 'batch'), ofBatch),
  /** A page of up to 100 of the batch's sent rows, in file order, with their inputs and earlier attempts. */
  listBatchRows: get(
    '/batches/{batchId}/rows',
    answer(contract.BatchRowPage, 'batch rows'),
    (batchId: string, cursor: string | null) => ({
      path: { batchId },
      query: { limit: 100, cursor: cursor ?? undefined },
    }),
  ),
  /** A page of up to `limit` (500 unless said) of the batch's sent rows with their results (texts inline) and run times. */
  listBatchResults: get(
    '/batches/{batchId}/results',
    answer(contract.BatchResultPage, 'batch results'),
    (batchId: string, cursor: string | null, limit?: number) => ({
      path: { batchId },
      query: { limit: limit ?? 500, cursor: cursor ?? undefined },
    }),
  ),
};

/**
 * Every operation of the API the dashboard calls. A new endpoint is one row here: its method and
 * path, how its arguments are sent, and the contract schema its answer is checked against.
 */
export const operations = {
  ...workflowOperations,
  ...executionOperations,
  ...controlOperations,
  ...keyOperations,
  ...sharedBatchOperations,
};
