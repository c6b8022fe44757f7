import { describe, expect, it, vi } from 'vitest';
import contract from '@contract/openapi.json' with { type: 'json' };
import { createApiClient } from './client';
import {
  BadRequestError,
  ContractViolationError,
  CorsBlockedError,
  NetworkError,
  NotConnectedError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from './errors';
import { RequestScheduler } from './scheduler';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(
  respond: (request: Request) => Response | Promise<Response>,
  apiKey = 'key-1',
  baseUrl = 'http://127.0.0.1:8080/api/v1',
) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return respond(request);
  });
  const scheduler = new RequestScheduler({ maxRetries: 0, channel: null });
  const client = createApiClient({ baseUrl, apiKey, fetch, scheduler, pageOrigin: 'http://127.0.0.1:8080' });
  return { client, requests, fetch };
}

const workflow = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Brief',
  description: 'Writes a brief',
  created_at: '2026-11-21T23:06:29.123456Z',
  updated_at: '2026-11-21T23:06:30.000000Z',
};

describe('createApiClient', () => {
  it('sends the key header and the page parameters to the right URL', async () => {
    const { client, requests } = setup(() => json(200, { data: [workflow], cursor: null }));
    const page = await client.listWorkflows({ limit: 5, cursor: '2026-11-21T23:06:29.123456Z' });
    expect(page.data).toHaveLength(1);
    const request = requests[0]!;
    expect(request.headers.get('x-api-key')).toBe('key-1');
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/v1/workflows');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('cursor')).toBe('2026-11-21T23:06:29.123456Z');
  });

  it.each([
    [401, { error: 'invalid API key' }, UnauthorizedError, 'invalid API key'],
    [404, { error: 'workflow not found' }, NotFoundError, 'workflow not found'],
    [400, { error: 'input.company: must be string' }, BadRequestError, 'input.company: must be string'],
    [409, { error: 'not waiting for approval' }, BadRequestError, 'not waiting for approval'],
    [500, { error: 'internal error' }, ServerError, 'internal error'],
    [503, 'Service Unavailable', ServerError, 'Service Unavailable'],
  ])('maps status %i to the matching typed error with the server message', async (status, body, Type, message) => {
    const { client } = setup(() => (typeof body === 'string' ? new Response(body, { status }) : json(status, body)));
    const error = await client.getWorkflow(workflow.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Type);
    expect((error as Error).message).toBe(message);
  });

  it('maps a 429 to RateLimitedError carrying the Retry-After seconds once the scheduler gives up', async () => {
    const { client } = setup(() => json(429, { error: 'slow down' }, { 'Retry-After': '0' }));
    const error = await client.getWorkflow(workflow.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(0);
  });

  it('reports an unreachable same-origin server as a network error', async () => {
    const { client } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.listWorkflows()).rejects.toBeInstanceOf(NetworkError);
  });

  it('reports a fetch TypeError on a cross-origin base URL as blocked by CORS', async () => {
    const { client } = setup(
      () => {
        throw new TypeError('Failed to fetch');
      },
      'key-1',
      'https://api.example.com/api/v1',
    );
    const error = await client.listWorkflows().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorsBlockedError);
    expect((error as Error).message).toContain('proxy');
  });

  it('refuses to call without a key and sends nothing', async () => {
    const { client, fetch } = setup(() => json(200, {}), '');
    await expect(client.listWorkflows()).rejects.toBeInstanceOf(NotConnectedError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([200, 201])('accepts %i for a create and keeps the fields the contract does not name', async (status) => {
    const { client, requests } = setup(() =>
      json(status, {
        execution_id: 'e1',
        workflow_id: workflow.id,
        status: 'initial',
        created_at: workflow.created_at,
        extra: 1,
      }),
    );
    const created = await client.createExecution(workflow.id, { company: 'Acme' });
    expect(created).toEqual({
      execution_id: 'e1',
      workflow_id: workflow.id,
      status: 'initial',
      created_at: workflow.created_at,
      extra: 1,
    });
    expect(requests[0]!.method).toBe('POST');
    expect(await requests[0]!.json()).toEqual({ input: { company: 'Acme' } });
  });

  it('puts a list that arrives oldest first into newest-first order', async () => {
    const older = { ...workflow, id: 'a', created_at: '2026-01-01T00:00:00.000001Z' };
    const newer = { ...workflow, id: 'b', created_at: '2026-01-01T00:00:00.000002Z' };
    const { client } = setup(() => json(200, { data: [older, newer], cursor: older.created_at }));
    const page = await client.listWorkflows();
    expect(page.data.map((w) => w.id)).toEqual(['b', 'a']);
    expect(page.cursor).toBe(older.created_at);
  });

  it('leaves optional fields out where the server leaves them out', async () => {
    const { client } = setup(() => json(200, { ...workflow, input_schema: null }));
    const detail = await client.getWorkflow(workflow.id);
    expect(detail).toEqual({ ...workflow, input_schema: null });
    expect('status' in detail).toBe(false);
  });

  it('reports a missing required field instead of inventing one', async () => {
    const { client } = setup(() => json(200, { id: workflow.id, name: 'X', created_at: workflow.created_at }));
    const error = await client.getWorkflow(workflow.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as Error).message).toBe(
      "The server's answer broke the contract: workflow.description missing; workflow.updated_at missing; workflow.input_schema missing.",
    );
  });

  it('reports a list item without an id or with an unknown status, by its place in the list', async () => {
    const item = { id: 'e', workflow_id: 'w', status: 'finished', created_at: 't' };
    const { id: _id, ...noId } = item;
    const { client } = setup(() =>
      json(200, { data: [item, item, item, noId, { ...item, status: 'paused' }], cursor: null }),
    );
    const error = await client.listExecutions('w').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractViolationError);
    expect((error as ContractViolationError).problems).toEqual([
      'executions[3].id missing',
      'executions[4].status "paused" is not one of initial, processing, human_in_the_loop, finished, error',
    ]);
    expect((error as ContractViolationError).retryable).toBe(false);
  });

  it('keeps the fields of an execution the contract does not name, and null results until finished', async () => {
    const unnamed = { retry_after_seconds: 3, progress: 'x' };
    const served = { id: 'e', workflow_id: 'w', status: 'processing', created_at: 't', results: null, ...unnamed };
    const { client } = setup(() => json(200, structuredClone(served)));
    expect(await client.getExecution('w', 'e')).toEqual(served);
  });

  it('reads capabilities from the served contract and treats a 404 as none', async () => {
    const withDoc = setup(() => json(200, contract));
    const capabilities = await withDoc.client.getServerCapabilities();
    expect(capabilities).toMatchObject({ approval: true, workflowStatus: true, localExtensions: true, cancel: true });
    const without = setup(() => json(404, { error: 'not found' }));
    expect(Object.values(await without.client.getServerCapabilities()).every((v) => v === false)).toBe(true);
  });

  it('leaves the capabilities unread, not absent, when the server is down or failing', async () => {
    const failing = setup(() => json(503, { error: 'restarting' }));
    expect(await failing.client.getServerCapabilities()).toMatchObject({ unread: true, cancel: false });
    const down = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await down.client.getServerCapabilities()).toMatchObject({ unread: true, localExtensions: false });
    const read = setup(() => json(200, contract));
    expect((await read.client.getServerCapabilities()).unread).toBeUndefined();
  });

  it('keeps results and the batch id where a server adds them, and leaves them out where it does not', async () => {
    const file = { filename: 'a.md', url: 'http://f/a.md', extra: 1 };
    const listing = setup(() =>
      json(200, {
        data: [
          { id: 'e', workflow_id: 'w', status: 'finished', created_at: 't', results: [file] },
          { id: 'f', workflow_id: 'w', status: 'initial', created_at: 's' },
        ],
        cursor: null,
      }),
    );
    const page = await listing.client.listExecutions('w');
    expect(page.data[0]).toEqual({
      id: 'e',
      workflow_id: 'w',
      status: 'finished',
      created_at: 't',
      results: [file],
    });
    expect('results' in page.data[1]!).toBe(false);
    const created = setup(() =>
      json(200, { workflow_id: 'w', total: 1, executions: [{ execution_id: 'e', index: 0 }], batch_id: 'b' }),
    );
    expect((await created.client.createBatch('w', [{}])).batch_id).toBe('b');
    const plain = setup(() => json(201, { workflow_id: 'w', total: 1, executions: [{ execution_id: 'e', index: 0 }] }));
    expect('batch_id' in (await plain.client.createBatch('w', [{}]))).toBe(false);
  });

  it('cancels by batch id or ids with one POST, and maps refusals to typed errors', async () => {
    const ok = setup(() => json(200, { cancelled: 3, stopping: 2, unchanged: 1, not_found: 0 }));
    expect(await ok.client.cancelExecutions('w', { execution_ids: ['a', 'b'] }, 'because')).toEqual({
      cancelled: 3,
      stopping: 2,
      unchanged: 1,
      not_found: 0,
    });
    const request = ok.requests[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/v1/workflows/w/executions/cancel');
    expect(request.headers.get('x-api-key')).toBe('key-1');
    expect(await request.json()).toEqual({ execution_ids: ['a', 'b'], reason: 'because' });
    const missing = setup(() => json(404, { error: 'no route POST /api/v1/workflows/w/executions/cancel' }));
    await expect(missing.client.cancelExecutions('w', { batch_id: 'b' })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('takes the call options after the arguments of each operation, optional ones included', async () => {
    const page = { data: [], cursor: null };
    const { client, requests } = setup(() => json(200, page));
    await client.listBatchResults('b', null, 7);
    await client.listBatchResults('b', 'c1');
    expect(new URL(requests[0]!.url).searchParams.get('limit')).toBe('7');
    expect(new URL(requests[1]!.url).searchParams.get('limit')).toBe('500');
    expect(new URL(requests[1]!.url).searchParams.get('cursor')).toBe('c1');
    const stopped = new AbortController();
    stopped.abort();
    await expect(client.listBatchResults('b', null, undefined, { signal: stopped.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    await expect(client.getRetention({ signal: stopped.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(2);
  });
});
