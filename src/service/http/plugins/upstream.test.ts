import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { createService, type Service } from '../../service';
import { KEY_A, startTestService, type TestService } from '../../test-support/test-service';

let upstream: TestService;
let proxy: Service;
let logs = '';

async function proxyTo(base: string): Promise<Service> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = loadConfig({ WORKFLOW_UPSTREAM: base, LOG_LEVEL: 'trace', DATA_DIR: '/nonexistent/never-created' });
  return createService(config, { logger: createLogger('trace', sink), distDir: '/nonexistent/dist' });
}

beforeAll(async () => {
  upstream = await startTestService({ WORKFLOW_RATE_LIMIT: '4' });
  const address = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = await proxyTo(`${address}/api/v1/`);
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
  proxy.app.inject({ method, url, headers, payload });
/** POST /api/v1/workflows with key A and this JSON text as it is. */
const postWorkflow = (json: string) =>
  call('POST', '/api/v1/workflows', { 'x-api-key': KEY_A, 'content-type': 'application/json' }, json);

describe('WORKFLOW_UPSTREAM proxy', () => {
  it('runs without a local store or engine', () => {
    expect(proxy.store).toBeNull();
    expect(proxy.engine).toBeNull();
  });

  it('forwards method, path, query, key and body, and returns status, body and rate limit headers', async () => {
    const list = await call('GET', '/api/v1/workflows?limit=2', { 'x-api-key': KEY_A });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(2);
    expect(list.headers['ratelimit-limit']).toBe('4');
    expect(list.headers['content-type']).toContain('application/json');
    const created = await postWorkflow('{"prompt":"Summarize notes"}');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'planning' });
    expect(upstream.store.workflows.get(upstream.accountId(), created.json().id)).toBeDefined();
  });

  it('passes the upstream’s errors through unchanged, 429 with Retry-After included', async () => {
    expect((await call('GET', '/api/v1/workflows', { 'x-api-key': 'wrong' })).json()).toEqual({
      error: 'invalid API key',
    });
    const bad = await postWorkflow('{');
    expect(bad.statusCode).toBe(400);
    let last = await call('GET', '/api/v1/workflows', { 'x-api-key': KEY_A });
    while (last.statusCode !== 429) last = await call('GET', '/api/v1/workflows', { 'x-api-key': KEY_A });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().error).toMatch(/^rate limit of 4 requests per minute exceeded/);
  });

  it('answers 502 with a clear message when the upstream is down', async () => {
    const dead = await proxyTo('http://127.0.0.1:9/api/v1');
    try {
      const res = await dead.app.inject({ method: 'GET', url: '/api/v1/workflows', headers: { 'x-api-key': KEY_A } });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/^the upstream v1 service at http:\/\/127\.0\.0\.1:9\/api\/v1 did not answer/);
    } finally {
      await dead.close();
    }
  });

  it('never writes the key to the log', () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(KEY_A);
  });

  it('never lets an upstream answer run as a page here, and forwards only the headers it needs', async () => {
    const asked: IncomingHttpHeaders[] = [];
    const pageServer = createServer((request, response) => {
      asked.push(request.headers);
      response.writeHead(503, {
        'content-type': 'text/html',
        'content-security-policy': "default-src 'self'",
        'set-cookie': 'a=b',
      });
      response.end('<script>alert(1)</script>');
    });
    await new Promise<void>((done) => pageServer.listen(0, '127.0.0.1', done));
    const pages = await proxyTo(`http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/api/v1`);
    try {
      const res = await pages.app.inject({
        method: 'GET',
        url: '/api/v1/workflows',
        headers: { 'x-api-key': KEY_A, cookie: 'session=1' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-security-policy']).toEqual([
        "default-src 'self'",
        "sandbox; default-src 'none'; frame-ancestors 'none'",
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['set-cookie']).toBeUndefined();
      // A 503 is the upstream's answer, passed on once, not retried.
      expect(asked).toHaveLength(1);
      expect(asked[0]!.cookie).toBeUndefined();
      expect(asked[0]!['x-api-key']).toBe(KEY_A);
    } finally {
      await pages.close();
      pageServer.close();
    }
  });
});
