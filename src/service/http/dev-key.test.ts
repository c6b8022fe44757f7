import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../test-support/test-service';

describe('GET /__dev/key', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ WORKFLOW_API_KEYS: '' });
  });
  afterAll(() => svc.close());

  it('gives loopback callers the key the service generated, which opens the API', async () => {
    expect(svc.devKey?.created).toBe(true);
    const res = await svc.app.inject({ method: 'GET', url: '/__dev/key' });
    expect(res.statusCode).toBe(200);
    const { key } = res.json<{ key: string }>();
    expect(key).toMatch(/^wk_[\w-]{32}$/);
    expect((await svc.call('GET', '/api/v1/workflows', { key })).status).toBe(200);
    const file = join(svc.dataDir, 'dev-key.txt');
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('answers 404 to anyone else', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/__dev/key', remoteAddress: '192.168.1.20' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('wk_');
  });

  it('answers 404 when keys are configured', async () => {
    const configured = await startTestService();
    try {
      expect((await configured.app.inject({ method: 'GET', url: '/__dev/key' })).statusCode).toBe(404);
    } finally {
      await configured.close();
    }
  });
});
