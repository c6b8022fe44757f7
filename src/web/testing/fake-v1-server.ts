import type {
  ExecutionDetail,
  ExecutionStatus,
  ResultFile,
  Schemas,
  WorkflowDetail,
  WorkflowListItem,
} from '@contract/openapi-document';
import { openApiDocument } from '@contract/openapi-document';

/** One request the fake server answered, as a test reads it back. */
export interface SeenRequest {
  method: string;
  /** The path under the API base, with its query: `/workflows?limit=1`. */
  path: string;
  body: unknown;
  apiKey: string | null;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** A key of the fake account: what GET /keys shows, and the key itself (`secret`). */
interface StoredKey extends Omit<Schemas['ApiKey'], 'current'> {
  secret: string;
}

interface StoredExecution extends ExecutionDetail {
  input: Record<string, unknown>;
  /** Who started it and its batch, shown on list items with `extensions`. */
  started_by?: Schemas['ExecutionActor'];
  batch_id?: string;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refuse = (status: number, error: string) => json({ error }, status);

/** Where the API lives on the page's origin, as a new profile's default base URL says. */
export const API_BASE = '/api/v1';

/** A fixed instant to build times from, so lists sort the same on every run. */
const EPOCH = Date.UTC(2026, 0, 5, 9, 0, 0);

/**
 * An in-memory Workflow Automation Service API v1 for interaction tests: the dashboard's real API
 * client (its transport, the scheduler, the contract checks) talks to it through `fetch`. It keeps
 * v1's semantics (a `{error}` body with the status, newest-first pages with `created_at` cursors)
 * and, with `extensions`, serves the contract document so the local extensions read as offered
 * (the cross-workflow list, status filters, approvals); without it it is a plain v1 server.
 * With `extensions` and `service`, GET /service says how it plans; without `service` it answers
 * 404 there, like a local service from before that route. `answer` overrides one route for a test
 * (an error, a slow answer).
 */
export class FakeV1Server {
  readonly workflows: WorkflowDetail[] = [];
  readonly executions: StoredExecution[] = [];
  readonly requests: SeenRequest[] = [];
  /** Result files behind presigned links, by their full URL (outside the API, so no key is asked for). */
  readonly files = new Map<string, string>();
  /** The key every call must carry; a different one is refused with 401. */
  apiKey = 'test-key';
  /** The account's keys, served with `extensions` (GET/POST /keys, POST /keys/{id}/revoke); `apiKey` is the first. */
  readonly keys: StoredKey[] = [];
  private readonly overrides: { method: string; path: RegExp; handler: Handler; once: boolean }[] = [];
  private minute = 0;

  constructor(readonly options: { extensions?: boolean; service?: Schemas['ServiceInfo'] } = {}) {}

  /** A new ISO time, a minute after the previous one. */
  private nextTime(): string {
    this.minute += 1;
    return new Date(EPOCH + this.minute * 60_000).toISOString();
  }

  addWorkflow(fields: Partial<WorkflowDetail> & { name: string }): WorkflowDetail {
    const at = this.nextTime();
    const workflow: WorkflowDetail = {
      id: crypto.randomUUID(),
      description: '',
      created_at: at,
      updated_at: at,
      input_schema: null,
      ...fields,
    };
    this.workflows.push(workflow);
    return workflow;
  }

  addExecution(
    workflowId: string,
    fields: {
      status?: ExecutionStatus;
      results?: ResultFile[] | null;
      input?: Record<string, unknown>;
      startedBy?: Schemas['ExecutionActor'];
      batchId?: string;
    } = {},
  ): StoredExecution {
    const execution: StoredExecution = {
      id: crypto.randomUUID(),
      workflow_id: workflowId,
      status: fields.status ?? 'initial',
      created_at: this.nextTime(),
      results: fields.results ?? null,
      input: fields.input ?? {},
      ...(fields.startedBy ? { started_by: fields.startedBy } : {}),
      ...(fields.batchId ? { batch_id: fields.batchId } : {}),
    };
    this.executions.push(execution);
    return execution;
  }

  /** Adds a key to the account (the first one made is `apiKey`'s record unless added here). */
  addKey(fields: Partial<StoredKey> & { name: string }): StoredKey {
    const key: StoredKey = {
      id: `key-${this.keys.length + 1}`,
      created_at: this.nextTime(),
      last_used_at: null,
      revoked_at: null,
      created_by: null,
      source: 'command',
      role: 'admin',
      secret: `wk_fake_${this.keys.length + 1}`,
      ...fields,
    };
    this.keys.push(key);
    return key;
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
    const working = this.keys.find((k) => k.revoked_at === null && request.apiKey === k.secret);
    if (!request.apiKey?.includes(this.apiKey) && !working) return refuse(401, 'Missing or invalid API key.');
    const parts = path.split('/').filter(Boolean);
    if (parts[0] === 'keys' && this.options.extensions) return this.keysRoute(request, parts);
    const [root, workflowId, sub, executionId, action] = parts;
    if (request.method === 'GET' && path === '/service' && this.options.extensions && this.options.service)
      return json(this.options.service);
    if (request.method === 'GET' && root === 'workflows' && parts.length === 1)
      return json(this.page(this.workflows.map(listItem), query, (w) => w.updated_at));
    if (request.method === 'GET' && root === 'executions' && parts.length === 1 && this.options.extensions)
      return json(
        this.page(
          this.filtered(this.executions, query).map((e) => this.accountItem(e)),
          query,
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
        this.page(
          this.options.extensions ? this.filtered(own, query).map((e) => this.extendedItem(e)) : own.map(executionItem),
          query,
        ),
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

  private keysRoute(request: SeenRequest, [, keyId, action]: string[]): Response {
    if (this.keys.length === 0) this.addKey({ name: 'First key', secret: this.apiKey });
    const shown = ({ secret, ...key }: StoredKey) => ({ ...key, current: secret === request.apiKey });
    const caller = this.keys.find((k) => k.secret === request.apiKey);
    if (request.method === 'GET' && keyId === undefined)
      return json({ data: [...this.keys].reverse().map(shown), cursor: null });
    if (request.method === 'GET' && keyId === 'current' && caller) return json(shown(caller));
    if (request.method === 'POST' && keyId === undefined) {
      const name = String((request.body as { name?: unknown }).name ?? '').trim();
      if (name === '') return refuse(400, 'name must not be blank: say who will use the key');
      const key = this.addKey({
        name,
        source: 'dashboard',
        role: (request.body as { role?: 'admin' }).role ?? 'member',
        created_by: caller ? { id: caller.id, name: caller.name } : null,
      });
      return json({ ...shown(key), key: key.secret }, 201);
    }
    const key = this.keys.find((k) => k.id === keyId && k.revoked_at === null);
    if (request.method !== 'POST' || action !== 'revoke') return refuse(404, 'No such route.');
    if (!key) return refuse(404, 'key not found (it may already be revoked)');
    if (this.keys.filter((k) => k.revoked_at === null).length <= 1)
      return refuse(409, 'this is the account’s last working key');
    key.revoked_at = this.nextTime();
    return json(shown(key));
  }

  /** The list filters the contract declares: status, and on GET /executions workflow_id, started_by and batch_id. */
  private filtered(executions: StoredExecution[], query: URLSearchParams): StoredExecution[] {
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
  private extendedItem(execution: StoredExecution) {
    const { started_by, batch_id } = execution;
    return { ...executionItem(execution), ...(started_by ? { started_by } : {}), ...(batch_id ? { batch_id } : {}) };
  }

  private accountItem(execution: StoredExecution) {
    const workflow = this.workflows.find((w) => w.id === execution.workflow_id);
    return { ...this.extendedItem(execution), workflow_name: workflow?.name ?? '' };
  }

  /** A v1 page: newest first, `cursor` the sort time of the last item, the next page strictly past it. */
  private page<T extends { created_at: string }>(
    items: T[],
    query: URLSearchParams,
    sortTime: (item: T) => string = (item) => item.created_at,
  ) {
    const limit = Number(query.get('limit') ?? 20);
    const cursor = query.get('cursor');
    const sorted = [...items].sort((a, b) => (sortTime(a) < sortTime(b) ? 1 : -1));
    const after = cursor ? sorted.filter((item) => sortTime(item) < cursor) : sorted;
    const data = after.slice(0, limit);
    return { data, cursor: after.length > limit ? sortTime(data.at(-1)!) : null };
  }
}

const listItem = ({ id, name, description, created_at, updated_at, status }: WorkflowDetail): WorkflowListItem => ({
  id,
  name,
  description,
  created_at,
  updated_at,
  ...(status ? { status } : {}),
});

const executionItem = ({ id, workflow_id, status, created_at }: StoredExecution) => ({
  id,
  workflow_id,
  status,
  created_at,
});

const detailOf = ({ id, workflow_id, status, created_at, results }: StoredExecution): ExecutionDetail => ({
  id,
  workflow_id,
  status,
  created_at,
  results,
});
