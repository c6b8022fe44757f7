import createClient from 'openapi-fetch';
import type { paths } from '@contract/api-types';
import type {
  BatchCreateResponse,
  Concurrency,
  ExecutionCreateResponse,
  ExecutionDetail,
  ExecutionListItem,
  ExecutionStatus,
  ListPage,
  ResultFile,
  WorkflowCreateResponse,
  WorkflowDetail,
  WorkflowListItem,
} from '@contract/openapi-document';
import {
  CorsBlockedError,
  NetworkError,
  NotConnectedError,
  ServerError,
  errorFromResponse,
  isAbortError,
  isApiError,
} from './errors';
import { getScheduler, type Priority, type RequestScheduler } from './scheduler';

export interface CallOptions {
  signal?: AbortSignal;
  priority?: Priority;
}

export interface PageParams {
  limit?: number;
  cursor?: string | null;
}

/** A page of executions, narrowed by the server: only where capabilities say it honours the filter. */
export interface ExecutionPageParams extends PageParams {
  statuses?: readonly ExecutionStatus[];
}

export interface CreateWorkflowBody {
  prompt: string;
  name?: string;
  description?: string;
}

/** Which local extensions the server offers, read from its contract document. */
export interface ServerCapabilities {
  /** POST .../approval exists. */
  approval: boolean;
  /** Workflows carry a planning `status`. */
  workflowStatus: boolean;
  /** The server described itself with x-local-extension marks at all. */
  localExtensions: boolean;
  /** POST /workflows/{workflowId}/executions/cancel exists, marked as a local extension. */
  cancel: boolean;
  /** The executions list declares a `status` query parameter (a comma list of statuses). */
  executionStatusFilter: boolean;
  /** GET /executions lists executions across workflows (status, workflow_id, cursor, limit). */
  globalExecutions: boolean;
}

export const NO_CAPABILITIES: ServerCapabilities = {
  approval: false,
  workflowStatus: false,
  localExtensions: false,
  cancel: false,
  executionStatusFilter: false,
  globalExecutions: false,
};

/**
 * A list item as this client hands it over: the four v1 fields, plus what a server may add (the
 * v1 description leaves it open): `url`, `error`, and `results` (files without `content`).
 */
export type ListedExecution = ExecutionListItem & { results?: ResultFile[]; started_at?: string; finished_at?: string };

/** A batch answer; `batch_id` is the local service's extension, absent on other servers. */
export type BatchAnswer = BatchCreateResponse & { batch_id?: string };

/** What the cancel extension did: see the local service's contract document. */
export interface CancelOutcome {
  cancelled: number;
  stopping: number;
  unchanged: number;
  not_found: number;
}

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  scheduler?: RequestScheduler;
  /** The page's origin, to tell a CORS refusal from an unreachable server. */
  pageOrigin?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** True when the base URL points at another origin than the page, where CORS applies. */
export function isCrossOrigin(baseUrl: string, pageOrigin: string | undefined): boolean {
  if (!pageOrigin) return false;
  try {
    return new URL(baseUrl, pageOrigin).origin !== pageOrigin;
  } catch {
    return false;
  }
}

const byNewestFirst = <T extends { created_at: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function normalizeWorkflowItem(raw: unknown): WorkflowListItem {
  const o = asObject(raw);
  const item: WorkflowListItem = {
    id: str(o.id),
    name: str(o.name, 'Untitled workflow'),
    description: str(o.description),
    created_at: str(o.created_at),
    updated_at: str(o.updated_at, str(o.created_at)),
  };
  if (o.status === 'planning' || o.status === 'ready' || o.status === 'failed') item.status = o.status;
  return item;
}

function normalizeWorkflowDetail(raw: unknown): WorkflowDetail {
  const o = asObject(raw);
  const schema = o.input_schema;
  const detail: WorkflowDetail = {
    ...normalizeWorkflowItem(raw),
    input_schema:
      typeof schema === 'object' && schema !== null && !Array.isArray(schema)
        ? (schema as Record<string, unknown>)
        : null,
  };
  if (o.concurrency === 'low' || o.concurrency === 'medium' || o.concurrency === 'high')
    detail.concurrency = o.concurrency;
  if (typeof o.planning_error === 'string') detail.planning_error = o.planning_error;
  return detail;
}

function normalizeResults(raw: unknown): ResultFile[] {
  return (Array.isArray(raw) ? raw : []).map((f) => {
    const file = asObject(f);
    return {
      filename: str(file.filename, 'file'),
      url: str(file.url),
      ...(typeof file.content === 'string' ? { content: file.content } : {}),
    };
  });
}

const statusQuery = (statuses: readonly ExecutionStatus[] | undefined): { status?: string } =>
  statuses && statuses.length > 0 ? { status: statuses.join(',') } : {};

function normalizeExecutionItem(raw: unknown): ListedExecution {
  const o = asObject(raw);
  const item: ListedExecution = {
    id: str(o.id),
    workflow_id: str(o.workflow_id),
    status: str(o.status, 'initial') as ExecutionListItem['status'],
    created_at: str(o.created_at),
  };
  if (typeof o.url === 'string') item.url = o.url;
  if (typeof o.error === 'string') item.error = o.error;
  if (Array.isArray(o.results)) item.results = normalizeResults(o.results);
  // Local choice: list items may carry when the run started and ended, for a duration column.
  if (typeof o.started_at === 'string') item.started_at = o.started_at;
  if (typeof o.finished_at === 'string') item.finished_at = o.finished_at;
  return item;
}

function normalizeExecutionDetail(raw: unknown): ExecutionDetail {
  const o = asObject(raw);
  const detail: ExecutionDetail = {
    id: str(o.id),
    workflow_id: str(o.workflow_id),
    status: str(o.status, 'initial') as ExecutionDetail['status'],
    created_at: str(o.created_at),
    results: Array.isArray(o.results) ? normalizeResults(o.results) : null,
  };
  if (typeof o.url === 'string') detail.url = o.url;
  if (typeof o.retry_after_seconds === 'number') detail.retry_after_seconds = o.retry_after_seconds;
  return detail;
}

function normalizePage<T>(raw: unknown, item: (x: unknown) => T & { created_at: string }): ListPage<T> {
  const o = asObject(raw);
  const data = Array.isArray(o.data) ? o.data.map(item) : [];
  return { data: byNewestFirst(data), cursor: typeof o.cursor === 'string' && o.cursor !== '' ? o.cursor : null };
}

/** Whether any object inside `value` carries `x-local-extension: true`. */
function marksExtension(value: unknown, depth = 0): boolean {
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => marksExtension(v, depth + 1));
  const o = value as Record<string, unknown>;
  return o['x-local-extension'] === true || Object.values(o).some((v) => marksExtension(v, depth + 1));
}

/** A path's segments with every `{param}` reduced to `{}`, so parameter names do not matter. */
const pathShape = (path: string): string => path.replace(/\{[^}/]*\}/g, '{}').replace(/\/+$/, '');

/** The operation object of `method` on the path of this shape, if the document has one. */
function operation(paths: Record<string, unknown>, shape: string, method: string): Record<string, unknown> | undefined {
  for (const [path, item] of Object.entries(paths)) {
    if (pathShape(path) !== shape) continue;
    const op = asObject(item)[method];
    if (typeof op === 'object' && op !== null && !Array.isArray(op)) return op as Record<string, unknown>;
  }
  return undefined;
}

/** Whether an operation declares a query parameter of this name. */
const declaresQuery = (op: Record<string, unknown> | undefined, name: string): boolean =>
  (Array.isArray(op?.parameters) ? op.parameters : []).some((p) => {
    const param = asObject(p);
    return param.in === 'query' && param.name === name;
  });

/** Reads which local extensions a contract document declares, from its structure. */
export function capabilitiesFromDocument(doc: unknown): ServerCapabilities {
  const o = asObject(doc);
  const paths = asObject(o.paths);
  const schemas = asObject(asObject(o.components).schemas);
  return {
    approval: operation(paths, '/workflows/{}/executions/{}/approval', 'post') !== undefined,
    workflowStatus: 'WorkflowStatus' in schemas,
    localExtensions: marksExtension(o),
    cancel: operation(paths, '/workflows/{}/executions/cancel', 'post')?.['x-local-extension'] === true,
    executionStatusFilter: declaresQuery(operation(paths, '/workflows/{}/executions', 'get'), 'status'),
    globalExecutions: operation(paths, '/executions', 'get') !== undefined,
  };
}

/**
 * The one typed API client. Every call goes through the request scheduler, throws a typed error
 * from ./errors on failure, and never redirects or toasts: pages decide what to show.
 */
export function createApiClient(config: ClientConfig) {
  const baseUrl = trimSlash(config.baseUrl);
  const baseFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const scheduler = config.scheduler ?? getScheduler();
  const pageOrigin = config.pageOrigin ?? (typeof location === 'undefined' ? undefined : location.origin);
  const api = createClient<paths>({ baseUrl });

  const scheduledFetch =
    (priority: Priority) =>
    (request: Request): Promise<Response> =>
      scheduler.schedule(priority, () => baseFetch(request.clone()), { signal: request.signal });

  const transportError = (error: unknown): unknown => {
    if (isAbortError(error) || isApiError(error)) return error;
    if (error instanceof TypeError) {
      return isCrossOrigin(baseUrl, pageOrigin) ? new CorsBlockedError(baseUrl) : new NetworkError();
    }
    if (error instanceof SyntaxError) return new ServerError('The server sent an answer that is not JSON.');
    return error;
  };

  const headers = (): Record<string, string> => {
    if (!config.apiKey) throw new NotConnectedError();
    return { 'x-api-key': config.apiKey };
  };

  /** Runs one openapi-fetch call and turns its outcome into data or a typed error. */
  async function call(
    options: CallOptions | undefined,
    defaultPriority: Priority,
    run: (init: {
      headers: Record<string, string>;
      signal?: AbortSignal;
      fetch: (r: Request) => Promise<Response>;
    }) => Promise<{
      data?: unknown;
      error?: unknown;
      response: Response;
    }>,
  ): Promise<unknown> {
    const init = {
      headers: headers(),
      signal: options?.signal,
      fetch: scheduledFetch(options?.priority ?? defaultPriority),
    };
    let outcome: { data?: unknown; error?: unknown; response: Response };
    try {
      outcome = await run(init);
    } catch (error) {
      throw transportError(error);
    }
    if (!outcome.response.ok) throw errorFromResponse(outcome.response.status, outcome.error, outcome.response.headers);
    return outcome.data;
  }

  return {
    baseUrl,

    async listWorkflows(page: PageParams = {}, options?: CallOptions): Promise<ListPage<WorkflowListItem>> {
      const query = { limit: page.limit, cursor: page.cursor ?? undefined };
      const data = await call(options, 'visible', (init) => api.GET('/workflows', { ...init, params: { query } }));
      return normalizePage(data, normalizeWorkflowItem);
    },

    async getWorkflow(workflowId: string, options?: CallOptions): Promise<WorkflowDetail> {
      const data = await call(options, 'visible', (init) =>
        api.GET('/workflows/{workflowId}', { ...init, params: { path: { workflowId } } }),
      );
      return normalizeWorkflowDetail(data);
    },

    async createWorkflow(body: CreateWorkflowBody, options?: CallOptions): Promise<WorkflowCreateResponse> {
      const data = await call(options, 'user', (init) => api.POST('/workflows', { ...init, body }));
      const o = asObject(data);
      return {
        id: str(o.id),
        name: str(o.name, body.name ?? ''),
        description: str(o.description, body.description ?? ''),
        url: str(o.url),
        status: 'planning',
        created_at: str(o.created_at),
      };
    },

    async listExecutions(
      workflowId: string,
      page: ExecutionPageParams = {},
      options?: CallOptions,
    ): Promise<ListPage<ListedExecution>> {
      // `status` is sent only when asked for, so a plain v1 server never sees it.
      const query = { limit: page.limit, cursor: page.cursor ?? undefined, ...statusQuery(page.statuses) };
      const data = await call(options, 'visible', (init) =>
        api.GET('/workflows/{workflowId}/executions', { ...init, params: { path: { workflowId }, query } }),
      );
      return normalizePage(data, normalizeExecutionItem);
    },

    /**
     * Local extension: executions of every workflow, newest first; items carry `workflow_id`. Call it
     * only where capabilities say `globalExecutions`.
     */
    async listAllExecutions(
      page: ExecutionPageParams & { workflowId?: string } = {},
      options?: CallOptions,
    ): Promise<ListPage<ListedExecution & { workflow_name?: string }>> {
      const params = new URLSearchParams();
      if (page.limit !== undefined) params.set('limit', String(page.limit));
      if (page.cursor) params.set('cursor', page.cursor);
      if (page.workflowId) params.set('workflow_id', page.workflowId);
      const status = statusQuery(page.statuses).status;
      if (status) params.set('status', status);
      const url = `${baseUrl}/executions${params.size > 0 ? `?${params.toString()}` : ''}`;
      let response: Response;
      try {
        response = await scheduler.schedule(
          options?.priority ?? 'visible',
          () => baseFetch(url, { headers: headers(), signal: options?.signal }),
          { signal: options?.signal },
        );
      } catch (error) {
        throw transportError(error);
      }
      let data: unknown;
      try {
        data = await response.json();
      } catch (error) {
        if (response.ok) throw transportError(error);
      }
      if (!response.ok) throw errorFromResponse(response.status, data, response.headers);
      return normalizePage(data, (raw) => {
        const item: ListedExecution & { workflow_name?: string } = normalizeExecutionItem(raw);
        const name = asObject(raw).workflow_name;
        if (typeof name === 'string') item.workflow_name = name;
        return item;
      });
    },

    async getExecution(workflowId: string, executionId: string, options?: CallOptions): Promise<ExecutionDetail> {
      const data = await call(options, 'visible', (init) =>
        api.GET('/workflows/{workflowId}/executions/{executionId}', {
          ...init,
          params: { path: { workflowId, executionId } },
        }),
      );
      return normalizeExecutionDetail(data);
    },

    async createExecution(
      workflowId: string,
      input: Record<string, unknown> | undefined,
      options?: CallOptions,
    ): Promise<ExecutionCreateResponse> {
      const body = input === undefined ? {} : { input };
      const data = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions', { ...init, params: { path: { workflowId } }, body }),
      );
      const o = asObject(data);
      return {
        execution_id: str(o.execution_id, str(o.id)),
        workflow_id: str(o.workflow_id, workflowId),
        status: str(o.status, 'initial') as ExecutionCreateResponse['status'],
        created_at: str(o.created_at),
      };
    },

    async createBatch(
      workflowId: string,
      items: Record<string, unknown>[],
      concurrency?: Concurrency,
      options?: CallOptions,
    ): Promise<BatchAnswer> {
      const body = concurrency ? { items, concurrency } : { items };
      const data = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions/batch', { ...init, params: { path: { workflowId } }, body }),
      );
      const o = asObject(data);
      const executions = Array.isArray(o.executions)
        ? o.executions.map((e) => {
            const x = asObject(e);
            return { execution_id: str(x.execution_id), index: typeof x.index === 'number' ? x.index : 0 };
          })
        : [];
      const answer: BatchAnswer = {
        workflow_id: str(o.workflow_id, workflowId),
        total: typeof o.total === 'number' ? o.total : executions.length,
        executions,
      };
      if (typeof o.batch_id === 'string' && o.batch_id !== '') answer.batch_id = o.batch_id;
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
      const body = JSON.stringify(reason === undefined ? target : { ...target, reason });
      const url = `${baseUrl}/workflows/${encodeURIComponent(workflowId)}/executions/cancel`;
      let response: Response;
      try {
        response = await scheduler.schedule(
          options?.priority ?? 'user',
          () =>
            baseFetch(url, {
              method: 'POST',
              headers: { ...headers(), 'content-type': 'application/json' },
              body,
              signal: options?.signal,
            }),
          { signal: options?.signal },
        );
      } catch (error) {
        throw transportError(error);
      }
      let data: unknown;
      try {
        data = await response.json();
      } catch (error) {
        if (response.ok) throw transportError(error);
      }
      if (!response.ok) throw errorFromResponse(response.status, data, response.headers);
      const o = asObject(data);
      const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
      return {
        cancelled: n(o.cancelled),
        stopping: n(o.stopping),
        unchanged: n(o.unchanged),
        not_found: n(o.not_found),
      };
    },

    /** Local extension: approve or reject an execution waiting in human_in_the_loop. */
    async decideApproval(
      workflowId: string,
      executionId: string,
      decision: { approved: boolean; comment?: string },
      options?: CallOptions,
    ): Promise<ExecutionDetail> {
      const body = decision.comment ? decision : { approved: decision.approved };
      const data = await call(options, 'user', (init) =>
        api.POST('/workflows/{workflowId}/executions/{executionId}/approval', {
          ...init,
          params: { path: { workflowId, executionId } },
          body,
        }),
      );
      return normalizeExecutionDetail(data);
    },

    /** Which local extensions exist; a server without the document (404, not JSON) has none. */
    async getServerCapabilities(options?: CallOptions): Promise<ServerCapabilities> {
      try {
        const response = await scheduler.schedule(
          options?.priority ?? 'visible',
          () => baseFetch(`${baseUrl}/openapi.json`, { signal: options?.signal }),
          { signal: options?.signal },
        );
        if (!response.ok) return NO_CAPABILITIES;
        return capabilitiesFromDocument(await response.json());
      } catch (error) {
        if (isAbortError(error)) throw error;
        return NO_CAPABILITIES;
      }
    },
  };
}
