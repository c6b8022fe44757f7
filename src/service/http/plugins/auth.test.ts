import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../contract/openapi-document';
import { manualClock } from '../../clock';
import { assertMatchesContract } from '../../test-support/contract-validator';
import { runsUrl, startRun } from '../../test-support/runs';
import { KEY_A, KEY_B, reportStep, startTestService } from '../../test-support/test-service';
import { useTestService } from '../../test-support/use-service';

type Err = { error: string };

const svc = useTestService({ WORKFLOW_RATE_LIMIT: '5' });

describe('API keys', () => {
  it('answers 401 without a key, naming the header', async () => {
    const res = await svc.call<Err>('GET', '/api/v1/workflows', { key: null });
    expect(res.status).toBe(401);
    assertMatchesContract('listWorkflows', 401, res.body);
    expect(res.body).toEqual({ error: 'missing API key: send it in the x-api-key header' });
  });

  it('answers 401 for an unknown key, before looking at the route or body', async () => {
    expect((await svc.call<Err>('GET', '/api/v1/workflows', { key: 'nope' })).body).toEqual({
      error: 'invalid API key',
    });
    expect((await svc.call<Err>('POST', '/api/v1/workflows', { key: 'nope', body: {} })).status).toBe(401);
    expect((await svc.call<Err>('GET', '/api/v1/nothing', { key: null })).status).toBe(401);
  });

  it('stops accepting a revoked key within seconds', async () => {
    const clock = manualClock(Date.now());
    const fresh = await startTestService(
      { WORKFLOW_API_KEYS: 'to-revoke-0123456789abcdef0123456789abcdef' },
      { clock },
    );
    try {
      expect(
        (await fresh.call('GET', '/api/v1/workflows', { key: 'to-revoke-0123456789abcdef0123456789abcdef' })).status,
      ).toBe(200);
      const at = fresh.store.nowIso();
      await fresh.store.accounts.revoke(fresh.accountId('to-revoke-0123456789abcdef0123456789abcdef'), at);
      clock.advance(5_001);
      const refused = await fresh.call<Err>('GET', '/api/v1/workflows', {
        key: 'to-revoke-0123456789abcdef0123456789abcdef',
      });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe(
        `this API key was revoked on ${at.slice(0, 10)} at ${at.slice(11, 19)} UTC; ask the account's owner for a new key`,
      );
    } finally {
      await fresh.close();
    }
  });

  it('serves the contract document without a key', async () => {
    const res = await svc.call('GET', '/api/v1/openapi.json', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(openApiDocument);
  });

  it('answers 404 with the method and path for an unknown API route', async () => {
    const res = await svc.call<Err>('GET', '/api/v1/xyz?x=1', { key: KEY_B });
    expect(res).toMatchObject({ status: 404, body: { error: 'no route GET /api/v1/xyz' } });
    expect(res.headers['ratelimit-limit']).toBe('5');
    // A known path with another method is a 405 (see hardening.test.ts), after the key check.
    expect((await svc.call<Err>('DELETE', '/api/v1/workflows', { key: null })).status).toBe(401);
  });
});

describe('CORS', () => {
  it('answers a preflight without a key and exposes the rate limit headers', async () => {
    const res = await svc.call('OPTIONS', '/api/v1/workflows', {
      key: null,
      headers: {
        origin: 'http://elsewhere.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('x-api-key, content-type');
    expect(String(res.headers['access-control-expose-headers'])).toContain('RateLimit-Remaining');
  });

  it('allows whatever headers a preflight asks for, so a client may add its own', async () => {
    const asked = 'x-api-key, content-type, x-request-id, cache-control';
    const res = await svc.call('OPTIONS', '/api/v1/workflows/00000000-0000-4000-8000-000000000000/executions', {
      key: null,
      headers: {
        origin: 'http://elsewhere.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': asked,
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-headers']).toBe(asked);
    expect(String(res.headers.vary)).toContain('Access-Control-Request-Headers');
  });
});

describe('rate limit', () => {
  it('counts every request of a key, even invalid ones, and answers 429 with Retry-After once over', async () => {
    const limited = await startTestService({ WORKFLOW_RATE_LIMIT: '3' });
    try {
      const first = await limited.call('GET', '/api/v1/workflows');
      expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
      expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
      const invalid = await limited.call('GET', '/api/v1/workflows?limit=0');
      expect(invalid.status).toBe(400);
      expect(invalid.headers['ratelimit-remaining']).toBe('1');
      await limited.call('POST', '/api/v1/workflows', { body: '{', headers: { 'content-type': 'application/json' } });
      const over = await limited.call<Err>('GET', '/api/v1/workflows');
      expect(over.status).toBe(429);
      assertMatchesContract('listWorkflows', 429, over.body);
      expect(over.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0' });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(over.body.error).toBe(`rate limit of 3 requests per minute exceeded; retry in ${retryAfter} s`);
      expect((await limited.call('GET', '/api/v1/workflows', { key: KEY_B })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers a read over the limit with the 429 alone, none of the answer it would have had', async () => {
    const limited = await startTestService({ WORKFLOW_RATE_LIMIT: '2' });
    try {
      const workflowId = await limited.addWorkflow({ steps: [reportStep()] });
      const id = await startRun(limited, workflowId, { name: 'Ada' });
      await limited.engine.idle();
      const read = await limited.call('GET', `${runsUrl(workflowId)}/${id}`);
      expect(read.status).toBe(200);
      const over = await limited.call<Err>('GET', `${runsUrl(workflowId)}/${id}`);
      expect(over.status).toBe(429);
      assertMatchesContract('getExecution', 429, over.body);
      expect(over.body.error).toMatch(/^rate limit of 2 requests per minute exceeded/);
      expect(over.headers).toMatchObject({ 'ratelimit-remaining': '0', 'cache-control': 'no-store' });
      expect(over.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(over.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(over.body)));
    } finally {
      await limited.close();
    }
  });

  it('carries the headers on every authenticated answer, errors included', async () => {
    const res = await svc.call('GET', '/api/v1/workflows/8d6f0a3e-5b7c-4b7e-9a51-0c2f7d9e1a23', { key: KEY_A });
    expect(res.status).toBe(404);
    expect(res.headers['ratelimit-limit']).toBe('5');
  });
});
