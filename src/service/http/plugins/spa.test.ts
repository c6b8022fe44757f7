import { describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../test-support/test-service';
import { useTestService, useServiceWithDashboard } from '../../test-support/use-service';

const html = { accept: 'text/html,application/xhtml+xml' };
const get = (svc: TestService, url: string, headers: Record<string, string> = {}) =>
  svc.app.inject({ method: 'GET', url, headers });

/** Each of `urls`, asked for as a browser asks for a page, answers 200 with `text` in its body (and of `type`, if given). */
async function expectPages(svc: TestService, urls: readonly string[], text: string, type?: string): Promise<void> {
  for (const url of urls) {
    const res = await get(svc, url, html);
    expect(res.statusCode).toBe(200);
    if (type !== undefined) expect(res.headers['content-type']).toBe(type);
    expect(res.body).toContain(text);
  }
}

describe('without a built dashboard', () => {
  const svc = useTestService();

  it('explains at / and on client routes how to build it', async () => {
    await expectPages(svc, ['/', '/workflows/abc'], 'npm run build', 'text/html; charset=utf-8');
  });

  it('keeps JSON 404s for service paths and non-HTML requests', async () => {
    const api = await get(svc, '/api/nope', html);
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'no route GET /api/nope' });
    expect((await get(svc, '/favicon.ico')).json()).toEqual({
      error: 'no route GET /favicon.ico',
    });
  });
});

describe('with a built dashboard', () => {
  const svc = useServiceWithDashboard();

  it('serves index.html at / and for client-side routes', async () => {
    await expectPages(svc, ['/', '/workflows/abc/executions/def'], '<title>dashboard</title>');
  });

  it('serves built assets with their type', async () => {
    const res = await get(svc, '/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
  });

  it('answers a missing asset with a JSON 404 rather than the page', async () => {
    const res = await get(svc, '/assets/gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'no route GET /assets/gone.js' });
  });
});

describe('dev mode', () => {
  it('hands dashboard requests to Vite and keeps the API', async () => {
    const svc = await startTestService(
      {},
      {
        vite: (req, res, next) => {
          if (req.url === '/missing') return next();
          res.end(`vite:${req.url}`);
        },
      },
    );
    try {
      expect((await get(svc, '/src/main.tsx')).body).toBe('vite:/src/main.tsx');
      expect((await get(svc, '/missing')).statusCode).toBe(404);
      expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(200);
    } finally {
      await svc.close();
    }
  });
});
