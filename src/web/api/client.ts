import type { Check } from '@contract/contract-check';
import * as contract from '@contract/contract-schemas';
import type {
  BatchCreateResponse,
  CancelExecutionsRequest,
  CancelExecutionsResponse,
  Concurrency,
  ExecutionCreateResponse,
  ExecutionDetail,
  ExecutionListItem,
  ExecutionStatus,
  ListPage,
  ResultFile,
  Schemas,
  WorkflowCreateResponse,
  WorkflowDetail,
  WorkflowListItem,
} from '@contract/openapi-document';
import { capabilitiesFromDocument, type ServerCapabilities } from './capabilities';
import { isAbortError } from './errors';
import { parseAnswer, parsePage } from './parse-response';
import { createTransport, type CallOptions, type ClientConfig } from './transport';

export { isCrossOrigin, type CallOptions, type ClientConfig } from './transport';

export interface PageParams {
  limit?: number;
  cursor?: string | null;
}

/** A page of executions, narrowed by status: ask only where capabilities say the server filters. */
export interface ExecutionPageParams extends PageParams {
  statuses?: readonly ExecutionStatus[];
}

/** `status` is sent only when asked for, so a plain v1 server never sees it. */
const statusQuery = (statuses: readonly ExecutionStatus[] | undefined): { status?: string } =>
  statuses && statuses.length > 0 ? { status: statuses.join(',') } : {};

/**
 * A list item as the client hands it over: the contract's, with whatever else the server sent.
 * Its result files read as ResultFile (whose `content` is optional), the type pages share with
 * the detail.
 */
export type ListedExecution = Omit<ExecutionListItem, 'results'> & { results?: ResultFile[] };

/** A batch answer; `batch_id` is the local service's extension, absent on other servers. */
export type BatchAnswer = BatchCreateResponse;

/** What the cancel extension did: see the local service's contract document. */
export type CancelOutcome = CancelExecutionsResponse;

export type ApiClient = ReturnType<typeof createApiClient>;

type Transport = ReturnType<typeof createTransport>;

/** Reading, creating and editing workflows. */
function workflowCalls({ api, call }: Transport) {
  return {
    async listWorkflows(page: PageParams = {}, options?: CallOptions): Promise<ListPage<WorkflowListItem>> {
      const query = { limit: page.limit, cursor: page.cursor ?? undefined };
      const { data } = await call(options, 'visible', (init) => api.GET('/workflows', { ...init, params: { query } }));
      return parsePage(contract.WorkflowListPage, data, 'workflows');
    },

    async getWorkflow(workflowId: string, options?: CallOptions): Promise<WorkflowDetail> {
      const { data, status } = await call(options, 'visible', (init) =>
        api.GET('/workflows/{workflowId}', { ...init, params: { path: { workflowId } } }),
      );
      return parseAnswer(contract.WorkflowDetail, data, 'workflow', status);
    },

    async createWorkflow(
      body: Schemas['CreateWorkflowRequest'],
      options?: CallOptions,
    ): Promise<WorkflowCreateResponse> {
      const { data, status } = await call(options, 'user', (init) => api.POST('/workflows', { ...init, body }));
      return parseAnswer(contract.WorkflowCreateResponse, data, 'created workflow', status);
    },

    /** Local extension: renames a workflow or edits its description. Only where capabilities say `updateWorkflow`. */
    async updateWorkflow(
      workflowId: string,
      body: Schemas['UpdateWorkflowRequest'],
      options?: CallOptions,
    ): Promise<WorkflowDetail> {
      const { data, status } = await call(options, 'user', (init) =>
        api.PATCH('/workflows/{workflowId}', { ...init, params: { path: { workflowId } }, body }),
      );
      return parseAnswer(contract.WorkflowDetail, data, 'workflow', status);
    },

    /** Local extension: re-plans a workflow in place from an edited prompt (its runs kept). Only where capabilities say `replanWorkflow`. */
    async replanWorkflow(workflowId: string, prompt: string, options?: CallOptions): Promise<WorkflowDetail> {
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/replan', { ...init, params: { path: { workflowId } }, body: { prompt } }),
      );
      return parseAnswer(contract.WorkflowDetail, data, 'workflow', status);
    },

    /** Local extension: deletes a workflow with its runs and their files. Only where capabilities say `deleteWorkflow`. */
    async deleteWorkflow(workflowId: string, options?: CallOptions): Promise<void> {
      await call(options, 'user', (init) =>
        api.DELETE('/workflows/{workflowId}', { ...init, params: { path: { workflowId } } }),
      );
    },
  };
}

/** One execution, or a local extension's view of it (`/steps`, `/input`, `/activity`), checked against `check`. */
async function getOfExecution<T>(
  { api, call }: Transport,
  view: '' | '/steps' | '/input' | '/activity',
  check: Check<T>,
  label: string,
  workflowId: string,
  executionId: string,
  options: CallOptions | undefined,
): Promise<T> {
  const { data, status } = await call(options, 'visible', (init) =>
    api.GET(`/workflows/{workflowId}/executions/{executionId}${view}`, {
      ...init,
      params: { path: { workflowId, executionId } },
    }),
  );
  return parseAnswer(check, data, label, status);
}

/** Starting, listing and reading executions one at a time. */
function executionCalls(transport: Transport) {
  const { api, call } = transport;
  return {
    async listExecutions(
      workflowId: string,
      page: ExecutionPageParams = {},
      options?: CallOptions,
    ): Promise<ListPage<ListedExecution>> {
      const query = { limit: page.limit, cursor: page.cursor ?? undefined, ...statusQuery(page.statuses) };
      const { data } = await call(options, 'visible', (init) =>
        api.GET('/workflows/{workflowId}/executions', { ...init, params: { path: { workflowId }, query } }),
      );
      return parsePage(contract.ExecutionListPage, data, 'executions');
    },

    /**
     * Local extension: every workflow's executions, newest first. Only where capabilities say
     * `globalExecutions`; `startedBy` and `batchId` only where they say `startedByFilter` and `batchFilter`.
     */
    async listAccountExecutions(
      page: ExecutionPageParams & { workflowId?: string; startedBy?: string; batchId?: string } = {},
      options?: CallOptions,
    ): Promise<ListPage<ListedExecution & { workflow_name?: string }>> {
      const query = {
        limit: page.limit,
        cursor: page.cursor ?? undefined,
        workflow_id: page.workflowId,
        started_by: page.startedBy,
        batch_id: page.batchId,
        ...statusQuery(page.statuses),
      };
      const { data } = await call(options, 'visible', (init) => api.GET('/executions', { ...init, params: { query } }));
      return parsePage(contract.AccountExecutionListPage, data, 'executions');
    },

    /** Local extension: runs per bucket by status, success rate and durations. Only where capabilities say `executionStats`. */
    async getExecutionStats(
      workflowId: string,
      range: { from: string; to: string; bucket: 'hour' | 'day'; tzOffsetMinutes: number },
      options?: CallOptions,
    ): Promise<Schemas['ExecutionStats']> {
      const query = { from: range.from, to: range.to, bucket: range.bucket, tz_offset_minutes: range.tzOffsetMinutes };
      const { data, status } = await call(options, 'visible', (init) =>
        api.GET('/workflows/{workflowId}/executions/stats', { ...init, params: { path: { workflowId }, query } }),
      );
      return parseAnswer(contract.ExecutionStats, data, 'run statistics', status);
    },

    /** Local extension: the workflow's steps as the execution ran them. Only where capabilities say `executionSteps`. */
    getExecutionSteps(workflowId: string, executionId: string, options?: CallOptions) {
      return getOfExecution(
        transport,
        '/steps',
        contract.ExecutionSteps,
        'execution steps',
        workflowId,
        executionId,
        options,
      );
    },

    /** Local extension: the input an execution was started with. Only where capabilities say `executionInput`. */
    getExecutionInput(workflowId: string, executionId: string, options?: CallOptions) {
      return getOfExecution(
        transport,
        '/input',
        contract.ExecutionInput,
        'execution input',
        workflowId,
        executionId,
        options,
      );
    },

    /** Local extension: who started, decided and cancelled an execution. Only where capabilities say `executionActivity`. */
    getExecutionActivity(workflowId: string, executionId: string, options?: CallOptions) {
      return getOfExecution(
        transport,
        '/activity',
        contract.ExecutionActivity,
        'who did what',
        workflowId,
        executionId,
        options,
      );
    },

    getExecution(workflowId: string, executionId: string, options?: CallOptions): Promise<ExecutionDetail> {
      return getOfExecution(transport, '', contract.ExecutionDetail, 'execution', workflowId, executionId, options);
    },

    async createExecution(
      workflowId: string,
      input: Schemas['CreateExecutionRequest']['input'],
      options?: CallOptions,
    ): Promise<ExecutionCreateResponse> {
      const body: Schemas['CreateExecutionRequest'] = input === undefined ? {} : { input };
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions', { ...init, params: { path: { workflowId } }, body }),
      );
      return parseAnswer(contract.ExecutionCreateResponse, data, 'created execution', status);
    },
  };
}

/** Sending batches, deciding about and stopping executions, and asking which local extensions the server has. */
function controlCalls({ api, call, getPublic }: Transport) {
  return {
    async createBatch(
      workflowId: string,
      items: Schemas['CreateBatchRequest']['items'],
      concurrency?: Concurrency,
      options?: CallOptions,
    ): Promise<BatchAnswer> {
      const body: Schemas['CreateBatchRequest'] = concurrency ? { items, concurrency } : { items };
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions/batch', { ...init, params: { path: { workflowId } }, body }),
      );
      const answer = parseAnswer(contract.BatchCreateResponse, data, 'batch', status);
      // An empty batch id cannot name the batch to cancel: treat it as absent.
      if (answer.batch_id === '') delete answer.batch_id;
      return answer;
    },
    /**
     * Local extension: cancels a workflow's unfinished executions, by the server's batch id or by
     * up to 10,000 execution ids. Offer it only where capabilities say `cancel`.
     */
    async cancelExecutions(
      workflowId: string,
      target: { batch_id: string } | { execution_ids: string[] },
      reason?: string,
      options?: CallOptions,
    ): Promise<CancelOutcome> {
      const body: CancelExecutionsRequest = reason === undefined ? target : { ...target, reason };
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions/cancel', { ...init, params: { path: { workflowId } }, body }),
      );
      return parseAnswer(contract.CancelExecutionsResponse, data, 'cancel', status);
    },

    /** Local extension: approve or reject an execution waiting in human_in_the_loop. */
    async decideApproval(
      workflowId: string,
      executionId: string,
      decision: Schemas['ApprovalRequest'],
      options?: CallOptions,
    ): Promise<ExecutionDetail> {
      const body: Schemas['ApprovalRequest'] = decision.comment ? decision : { approved: decision.approved };
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions/{executionId}/approval', {
          ...init,
          params: { path: { workflowId, executionId } },
          body,
        }),
      );
      return parseAnswer(contract.ExecutionDetail, data, 'execution', status);
    },

    /** Local extension: how the server plans workflows (a model, or the built-in rules). Only where capabilities say `serviceInfo`. */
    async getServiceInfo(options?: CallOptions): Promise<Schemas['ServiceInfo']> {
      const { data, status } = await call(options, 'visible', (init) => api.GET('/service', init));
      return parseAnswer(contract.ServiceInfo, data, 'service', status);
    },

    /** Local extension: how long the server keeps the account's ended runs. Only where capabilities say `retention`. */
    async getRetention(options?: CallOptions): Promise<Schemas['Retention']> {
      const { data, status } = await call(options, 'visible', (init) => api.GET('/retention', init));
      return parseAnswer(contract.Retention, data, 'retention', status);
    },

    /** Sets the account's own retention (each null: the server's). Only where capabilities say `retentionSettings`. */
    async updateRetention(body: Schemas['RetentionUpdate'], options?: CallOptions): Promise<Schemas['Retention']> {
      const { data, status } = await call(options, 'user', (init) => api.PUT('/retention', { ...init, body }));
      return parseAnswer(contract.Retention, data, 'retention', status);
    },

    /** Which local extensions exist; a server without the document (404, not JSON) has none. */
    async getServerCapabilities(options?: CallOptions): Promise<ServerCapabilities> {
      let document: unknown = null;
      try {
        const response = await getPublic('/openapi.json', options);
        if (response.ok) document = await response.json();
      } catch (error) {
        if (isAbortError(error)) throw error;
      }
      // No document (404, not JSON, unreachable) reads as no extensions.
      return capabilitiesFromDocument(document);
    },
  };
}

/** The account's API keys (local extension): only where capabilities say `apiKeys`. */
function keyCalls({ api, call }: Transport) {
  return {
    /** A page of the account's keys, newest first. */
    async listApiKeys(page: PageParams = {}, options?: CallOptions): Promise<ListPage<Schemas['ApiKey']>> {
      const query = { limit: page.limit, cursor: page.cursor ?? undefined };
      const { data } = await call(options, 'visible', (init) => api.GET('/keys', { ...init, params: { query } }));
      return parsePage(contract.ApiKeyList, data, 'API keys');
    },

    /** The key this connection uses, with its role. */
    async getCurrentApiKey(options?: CallOptions): Promise<Schemas['ApiKey']> {
      const { data, status } = await call(options, 'visible', (init) => api.GET('/keys/current', init));
      return parseAnswer(contract.ApiKey, data, 'API key', status);
    },

    /** Makes a named key; the answer is the only time the key itself is shown. */
    async createApiKey(
      name: string,
      role: Schemas['ApiKeyRole'] = 'member',
      options?: CallOptions,
    ): Promise<Schemas['CreatedApiKey']> {
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/keys', { ...init, body: { name, role } }),
      );
      return parseAnswer(contract.CreatedApiKey, data, 'new API key', status);
    },

    async revokeApiKey(keyId: string, options?: CallOptions): Promise<Schemas['ApiKey']> {
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/keys/{keyId}/revoke', { ...init, params: { path: { keyId } } }),
      );
      return parseAnswer(contract.ApiKey, data, 'API key', status);
    },
  };
}

/** Batches kept on the server for the whole account (local extension): only where capabilities say `sharedBatches`. */
function sharedBatchCalls({ api, call }: Transport) {
  return {
    /** Declares a batch under the id the dashboard chose; sending it again answers the batch as it is. */
    async declareBatch(
      batchId: string,
      body: Schemas['DeclareBatchRequest'],
      options?: CallOptions,
    ): Promise<Schemas['Batch']> {
      const { data, status } = await call(options, 'user', (init) =>
        api.PUT('/batches/{batchId}', { ...init, params: { path: { batchId } }, body }),
      );
      return parseAnswer(contract.Batch, data, 'batch', status);
    },

    /** Runs rows of a declared batch at the given attempts; rows already run at that attempt answer their execution. */
    async createBatchRuns(
      batchId: string,
      items: Schemas['BatchRunItem'][],
      concurrency?: Concurrency,
      options?: CallOptions,
    ): Promise<Schemas['BatchRunsResponse']> {
      const body: Schemas['CreateBatchRunsRequest'] = concurrency ? { items, concurrency } : { items };
      const { data, status } = await call(options, 'user', (init) =>
        api.POST('/batches/{batchId}/runs', { ...init, params: { path: { batchId } }, body }),
      );
      return parseAnswer(contract.BatchRunsResponse, data, 'batch runs', status);
    },

    async listBatches(
      page: PageParams & { workflowId?: string } = {},
      options?: CallOptions,
    ): Promise<ListPage<Schemas['BatchSummary']>> {
      const query = { limit: page.limit, cursor: page.cursor ?? undefined, workflow_id: page.workflowId };
      const { data } = await call(options, 'visible', (init) => api.GET('/batches', { ...init, params: { query } }));
      return parsePage(contract.BatchListPage, data, 'batches');
    },

    async getBatch(batchId: string, options?: CallOptions): Promise<Schemas['Batch']> {
      const { data, status } = await call(options, 'visible', (init) =>
        api.GET('/batches/{batchId}', { ...init, params: { path: { batchId } } }),
      );
      return parseAnswer(contract.Batch, data, 'batch', status);
    },

    /** A page of up to 100 of the batch's sent rows, in file order, with their inputs and earlier attempts. */
    async listBatchRows(
      batchId: string,
      cursor: string | null,
      options?: CallOptions,
    ): Promise<{ data: Schemas['BatchRow'][]; cursor: string | null }> {
      const query = { limit: 100, cursor: cursor ?? undefined };
      const { data, status } = await call(options, 'visible', (init) =>
        api.GET('/batches/{batchId}/rows', { ...init, params: { path: { batchId }, query } }),
      );
      return parseAnswer(contract.BatchRowPage, data, 'batch rows', status);
    },

    /** A page of up to `limit` of the batch's sent rows with their results (texts inline) and run times. */
    async listBatchResults(
      batchId: string,
      cursor: string | null,
      options?: CallOptions & { limit?: number },
    ): Promise<Schemas['BatchResultPage']> {
      const query = { limit: options?.limit ?? 500, cursor: cursor ?? undefined };
      const { data, status } = await call(options, 'visible', (init) =>
        api.GET('/batches/{batchId}/results', { ...init, params: { path: { batchId }, query } }),
      );
      return parseAnswer(contract.BatchResultPage, data, 'batch results', status);
    },
  };
}

/**
 * The one typed API client. Requests are typed from the generated contract types; every answer is
 * checked against the schemas generated from the same document (a broken answer throws a
 * ContractViolationError). Every call goes through the request scheduler, throws a typed error
 * from ./errors on failure, and never redirects or toasts: pages decide what to show.
 */
export function createApiClient(config: ClientConfig) {
  const transport = createTransport(config);
  return {
    baseUrl: transport.baseUrl,
    ...workflowCalls(transport),
    ...executionCalls(transport),
    ...controlCalls(transport),
    ...keyCalls(transport),
    ...sharedBatchCalls(transport),
  };
}
