import type { Schemas, WorkflowDetail, WorkflowListItem } from '@contract/openapi-document';
import { openApiDocument } from '@contract/openapi-document';
import {
  detailOf,
  executionItem,
  FakeV1Data,
  minuteClock,
  pageOf,
  type NewExecutionFields,
  type StoredExecution,
} from './fake-v1/data';
import { json, refuse, type SeenRequest } from './fake-v1/http';
import { FakeKeys, type StoredKey } from './fake-v1/keys';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** Where the API lives on the page's origin, as a new profile's default base URL says. */
export const API_BASE = '/api/v1';

/**
 * The one in-memory Workflow Automation Service API v1 of the web tests, over HTTP: the dashboard's
 * real API client (its transport, the scheduler, the contract checks) talks to it through `fetch`.
 * Its state and rules are FakeV1Data (./fake-v1/data.ts), which the batch engine's tests also call
 * in process (FakeService). It keeps v1's semantics (a `{error}` body with the status, newest-first
 * pages with `created_at` cursors) and, with `extensions`, serves the contract document so the
 * local extensions read as offered (the cross-workflow list, status filters, approvals, keys);
 * without it it is a plain v1 server. With `extensions` and `service`, GET /service says how it
 * plans; without `service` it answers 404 there, like a local service from before that route.
 * `answer` overrides one route for a test (an error, a slow answer).
 */
export class FakeV1Server {
  readonly data = new FakeV1Data(minuteClock());
  readonly requests: SeenRequest[] = [];
  /** Result files behind presigned links, by their full URL (outside the API, so no key is asked for). */
  readonly files = new Map<string, string>();
  /** The key every call must carry; a different one is refused with 401. */
  apiKey = 'test-key';
  private readonly accountKeys = new FakeKeys(this.data.clock);
  private readonly overrides: { method: string; path: RegExp; handler: Handler; once: boolean }[] = [];

  constructor(readonly options: { extensions?: boolean; service?: Schemas['ServiceInfo'] } = {}) {}

  get workflows(): WorkflowDetail[] {
    return this.data.workflows;
  }

  get executions(): StoredExecution[] {
    return this.data.executions;
  }

  /** The account's keys, served with `extensions`; `apiKey` is the first. */
  get keys(): StoredKey[] {
    return this.accountKeys.list;
  }

  addWorkflow(fields: Partial<WorkflowDetail> & { name: string }): WorkflowDetail {
    return this.data.addWorkflow(fields);
  }

  addExecution(workflowId: string, fields: NewExecutionFields = {}): StoredExecution {
    return this.data.addExecution(workflowId, fields);
  }

  /** Adds a key to the account (the first one made is `apiKey`'s record unless added here). */
  addKey(fields: Partial<StoredKey> & { name: string }): StoredKey {
    return this.accountKeys.add(fields);
  }

  /** Answers `method path` (a pattern on the path without its query) with `handler`, once or always. */
  answer(method: string, path: RegExp, handler: Handler, { once = false } = {}): void {
    this.overrides.unshift({ method, path, handler, once });
  }

  /** The requests made to `method` on paths matching `path`. */
  seen(method: string, path: RegExp): SeenRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path.split('?')[0]!));
  }

  /** The `fetch` the dashboard uses in a test: this server under API_BASE on any origin, `files`, 404 elsewhere. */
  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const url = new URL(request.url);
    const file = this.files.get(url.href);
    if (file !== undefined) return new Response(file, { headers: { 'content-type': 'text/plain' } });
    if (!url.pathname.startsWith(API_BASE)) return new Response('Not found', { status: 404 });
    const text = request.method === 'GET' ? '' : await request.text();
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname.slice(API_BASE.length) + url.search,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      apiKey: request.headers.get('x-api-key') ?? request.headers.get('authorization'),
    };
    this.requests.push(seen);
    const pathOnly = url.pathname.slice(API_BASE.length);
    const override = this.overrides.find((o) => o.method === seen.method && o.path.test(pathOnly));
    if (override) {
      if (override.once) this.overrides.splice(this.overrides.indexOf(override), 1);
      return override.handler(seen);
    }
    return this.route(seen, pathOnly, url.searchParams);
  };

  private route(request: SeenRequest, path: string, query: URLSearchParams): Response {
    if (path === '/openapi.json')
      return this.options.extensions ? json(openApiDocument) : refuse(404, 'No such route.');
    if (!request.apiKey?.includes(this.apiKey) && !this.accountKeys.working(request.apiKey))
      return refuse(401, 'Missing or invalid API key.');
    const parts = path.split('/').filter(Boolean);
    if (parts[0] === 'keys' && this.options.extensions) return this.accountKeys.route(request, parts, this.apiKey);
    const [root, workflowId, sub, executionId, action] = parts;
    const page = pageQuery(query);
    if (request.method === 'GET' && path === '/service' && this.options.extensions && this.options.service)
      return json(this.options.service);
    if (request.method === 'GET' && root === 'workflows' && parts.length === 1)
      return json(pageOf(this.workflows.map(listItem), page, { sortTime: (w) => w.updated_at }));
    if (request.method === 'GET' && root === 'executions' && parts.length === 1 && this.options.extensions)
      return json(
        pageOf(
          filtered(this.executions, query).map((e) => this.accountItem(e)),
          page,
        ),
      );
    if (root !== 'workflows' || workflowId === undefined) return refuse(404, 'No such route.');
    const workflow = this.workflows.find((w) => w.id === workflowId);
    if (!workflow) return refuse(404, 'Workflow not found.');
    if (request.method === 'GET' && parts.length === 2) return json(workflow);
    if (sub !== 'executions') return refuse(404, 'No such route.');
    const own = this.executions.filter((e) => e.workflow_id === workflowId);
    if (request.method === 'GET' && parts.length === 3)
      return json(
        pageOf(this.options.extensions ? filtered(own, query).map(extendedItem) : own.map(executionItem), page),
      );
    if (request.method === 'POST' && parts.length === 3) {
      const created = this.addExecution(workflowId, { input: (request.body ?? {}) as Record<string, unknown> });
      const { id: execution_id, workflow_id, status, created_at } = created;
      return json({ execution_id, workflow_id, status, created_at }, 201);
    }
    const execution = own.find((e) => e.id === executionId);
    if (!execution) return refuse(404, 'Execution not found.');
    if (request.method === 'GET' && parts.length === 4) return json(detailOf(execution));
    if (request.method === 'POST' && action === 'approval' && this.options.extensions) {
      if (execution.status !== 'human_in_the_loop') return refuse(409, 'This run is not waiting for a decision.');
      execution.status = (request.body as { approved?: boolean }).approved ? 'finished' : 'error';
      return json(detailOf(execution));
    }
    return refuse(404, 'No such route.');
  }

  private accountItem(execution: StoredExecution) {
    const workflow = this.workflows.find((w) => w.id === execution.workflow_id);
    return { ...extendedItem(execution), workflow_name: workflow?.name ?? '' };
  }
}

const pageQuery = (query: URLSearchParams) => ({
  limit: Number(query.get('limit') ?? 20),
  cursor: query.get('cursor') || null,
});

/** The list filters the contract declares: status, and on GET /executions workflow_id, started_by and batch_id. */
function filtered(executions: StoredExecution[], query: URLSearchParams): StoredExecution[] {
  const statuses = query.get('status')?.split(',');
  const [workflowId, startedBy, batchId] = ['workflow_id', 'started_by', 'batch_id'].map((name) => query.get(name));
  return executions.filter(
    (e) =>
      (!statuses || statuses.includes(e.status)) &&
      (!workflowId || e.workflow_id === workflowId) &&
      (!startedBy || e.started_by?.key_id === startedBy) &&
      (!batchId || e.batch_id === batchId),
  );
}

/** A list item with the extensions' fields: who started it and its batch. */
const extendedItem = (execution: StoredExecution) => {
  const { started_by, batch_id } = execution;
  return { ...executionItem(execution), ...(started_by ? { started_by } : {}), ...(batch_id ? { batch_id } : {}) };
};

const listItem = ({ id, name, description, created_at, updated_at, status }: WorkflowDetail): WorkflowListItem => ({
  id,
  name,
  description,
  created_at,
  updated_at,
  ...(status ? { status } : {}),
});
