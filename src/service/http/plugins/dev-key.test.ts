import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestService } from '../../test-support/test-service';
import { useTestService } from '../../test-support/use-service';

describe('GET /__dev/key', () => {
  const svc = useTestService({ WORKFLOW_API_KEYS: '' });

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

  it('answers 404 when the Host is not loopback (a DNS-rebinding page) or a proxy forwarded the request', async () => {
    const asked = (headers: Record<string, string>) => svc.app.inject({ method: 'GET', url: '/__dev/key', headers });
    for (const host of [
      'attacker.example:8080',
      'attacker.example',
      '127.0.0.1.nip.io:8080',
      'localhost.attacker.example',
    ]) {
      const res = await asked({ host });
      expect(res.statusCode, host).toBe(404);
      expect(res.body).not.toContain('wk_');
    }
    for (const header of ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']) {
      expect((await asked({ host: 'localhost:8080', [header]: '127.0.0.1' })).statusCode, header).toBe(404);
    }
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'localhost']) {
      expect((await asked({ host })).statusCode, host).toBe(200);
    }
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
