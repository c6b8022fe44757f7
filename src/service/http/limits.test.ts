import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../test-support/contract-validator';
import { startTestService, type TestService } from '../test-support/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

describe('request body limit', () => {
  it('answers 413 for a body over 4 MB and keeps serving', async () => {
    const huge = JSON.stringify({ prompt: 'x'.repeat(4 * 1024 * 1024) });
    const res = await svc.call<{ error: string }>('POST', '/api/v1/workflows', { body: huge, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    assertMatchesContract('createWorkflow', 413, res.body);
    expect(res.body).toEqual({ error: 'request body is larger than 4 MB' });
    expect(res.headers['ratelimit-limit']).toBe('100');
    expect((await svc.call('POST', '/api/v1/workflows', { body: { prompt: 'Summarize meeting notes' } })).status).toBe(201);
  });

  it('answers 413 over a real socket too, and the server still answers the next request', async () => {
    const address = await svc.app.listen({ port: 0, host: '127.0.0.1' });
    const huge = JSON.stringify({ prompt: 'x'.repeat(4 * 1024 * 1024 + 10) });
    const over = await fetch(`${address}/api/v1/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'test-key-account-a' },
      body: huge,
    }).catch((error: unknown) => error as Error);
    if (over instanceof Response) expect(over.status).toBe(413);
    const next = await fetch(`${address}/api/v1/workflows`, { headers: { 'x-api-key': 'test-key-account-a' } });
    expect(next.status).toBe(200);
  });
});

describe('server errors', () => {
  it('hide internals behind "internal server error"', async () => {
    const original = svc.store.workflows.page.bind(svc.store.workflows);
    svc.store.workflows.page = () => {
      throw new Error('SQLITE_CORRUPT: secret detail');
    };
    try {
      const res = await svc.call<{ error: string }>('GET', '/api/v1/workflows');
      expect(res.status).toBe(500);
      assertMatchesContract('listWorkflows', 500, res.body);
      expect(res.body).toEqual({ error: 'internal server error' });
      expect(res.raw.body).not.toContain('secret');
    } finally {
      svc.store.workflows.page = original;
    }
  });
});
