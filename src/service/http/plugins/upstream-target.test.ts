import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { createService, type Service } from '../../service';

// A bare upstream that records every path it is asked for and answers like a careless server:
// HTML with a script, its own CSP, an attachment and nosniff.
let upstream: Server;
let proxy: Service;
let proxyPort = 0;
const seen: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', "default-src 'self'");
    res.setHeader('content-disposition', 'attachment; filename="x.html"');
    res.setHeader('x-content-type-options', 'nosniff');
    res.end('<script>alert(document.domain)</script>');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;
  const config = loadConfig({ WORKFLOW_UPSTREAM: base, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent/never-created' });
  proxy = await createService(config, { logger: createLogger('silent'), distDir: '/nonexistent/dist' });
  await proxy.app.listen({ port: 0, host: '127.0.0.1' });
  proxyPort = (proxy.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

/** Sends the request line exactly as written (fetch and inject would normalize the path). */
function raw(
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: proxyPort, path, method: 'GET', headers: { 'x-api-key': 'k' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('proxy target', () => {
  it.each([
    '/api/v1/../../admin/secret',
    '/api/v1/workflows/../../../admin',
    '/api/v1/%2e%2e/%2E%2E/admin',
    '/api/v1/.%2e/admin',
    '/api/v1/%2e/workflows',
    '/api/v1/..\\..\\admin',
    '/api/v1/%5c..%5cadmin',
    '/api/v1/workflows%2f..%2f..%2fadmin',
    'http://evil.example/api/v1/workflows',
  ])('refuses %s with 400 and never asks the upstream', async (path) => {
    seen.length = 0;
    const res = await raw(path);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: expect.stringMatching(/path/) });
    expect(seen).toEqual([]);
  });

  it('keeps the upstream prefix: //api/v1/x and /api/v1//x reach /api/v1/x', async () => {
    seen.length = 0;
    await raw('//api/v1/workflows?limit=2');
    await raw('/api/v1//workflows');
    expect(seen).toEqual(['/api/v1/workflows?limit=2', '/api/v1/workflows']);
  });
});

describe('proxied answers', () => {
  it('keep the upstream’s CSP, Content-Disposition and nosniff, and are never served as a page', async () => {
    const res = await raw('/api/v1/workflows');
    expect(res.headers['content-disposition']).toBe('attachment; filename="x.html"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = ([] as string[]).concat(res.headers['content-security-policy'] ?? []).join(', ');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/sandbox/);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });
});
