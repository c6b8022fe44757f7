import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { createService, type Service } from '../../service';
import { startTestService, type TestService } from '../../test-support/test-service';

let upstream: TestService;
let proxy: Service;

beforeAll(async () => {
  // The upstream trusts this proxy (it connects from loopback) to name the client.
  upstream = await startTestService({ WORKFLOW_KEY_FAILURE_LIMIT: '2', WORKFLOW_TRUSTED_PROXIES: '127.0.0.1' });
  const address = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const config = loadConfig({ WORKFLOW_UPSTREAM: `${address}/api/v1`, DATA_DIR: '/nonexistent/never-created' });
  proxy = await createService(config, { logger: createLogger('silent'), distDir: '/nonexistent/dist' });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

/** A keyless request through the proxy from the client `remoteAddress`; the upstream's status. */
const keyless = (remoteAddress: string, headers: Record<string, string> = {}) =>
  proxy.app.inject({ method: 'GET', url: '/api/v1/workflows', remoteAddress, headers }).then((res) => res.statusCode);

describe('WORKFLOW_UPSTREAM and the client address', () => {
  it('names each client to the upstream, so one cannot use up the failed-key budget of all', async () => {
    for (let i = 0; i < 2; i++) expect(await keyless('203.0.113.1')).toBe(401);
    expect(await keyless('203.0.113.1')).toBe(429);
    expect(await keyless('203.0.113.2')).toBe(401);
  });

  it('passes on only the address it saw, not one a client wrote into X-Forwarded-For', async () => {
    for (let i = 0; i < 2; i++)
      expect(await keyless('203.0.113.3', { 'x-forwarded-for': `198.51.100.${i}` })).toBe(401);
    expect(await keyless('203.0.113.3', { 'x-forwarded-for': '198.51.100.9' })).toBe(429);
  });
});
