import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../../config';
import { createLogger } from '../../../logger';
import type { Store } from '../../../store/store';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { useTestService } from '../../../test-support/use-service';
import { healthRoutes, NOT_READY, Readiness } from './health';

describe.each([
  ['the full API', {}],
  ['strict-v1 mode', { WORKFLOW_STRICT_V1: '1' }],
])('health and readiness in %s', (_mode, env) => {
  const svc = useTestService(env);

  it('answers /healthz with no key, and tells caches not to keep the answer', async () => {
    const res = await svc.call('GET', '/healthz', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    assertMatchesContract('getHealth', 200, res.body);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 200 with no key while the store answers and its migrations are done', async () => {
    const res = await svc.call('GET', '/readyz', { key: null });
    expect(res).toMatchObject({ status: 200, body: { status: 'ready' } });
    assertMatchesContract('getReadiness', 200, res.body);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 503 with the reason once the replica drains, while the API still answers', async () => {
    svc.readiness.drain();
    const ready = await svc.call('GET', '/readyz', { key: null });
    expect(ready).toMatchObject({ status: 503, body: { error: NOT_READY.draining } });
    assertMatchesContract('getReadiness', 503, ready.body);
    expect((await svc.call('GET', '/healthz', { key: null })).status).toBe(200);
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(200);
  });
});

describe('readiness when the store cannot answer', () => {
  const svc = useTestService();

  it('answers 503 "The database is not answering" once the database is gone, and /healthz still 200', async () => {
    await svc.store.close();
    const res = await svc.call('GET', '/readyz', { key: null });
    expect(res).toMatchObject({ status: 503, body: { error: NOT_READY.database } });
    expect((await svc.call('GET', '/healthz', { key: null })).status).toBe(200);
  });
});

/** A bare app with only the health routes, on a stand-in store. */
async function healthApp(store: Pick<Store, 'pendingMigrations'> | null, timeoutMs = 100) {
  const app = Fastify({ logger: false });
  const readiness = new Readiness();
  healthRoutes(app, { readiness, store: store as Store | null, logger: createLogger('silent'), timeoutMs });
  await app.ready();
  return { app, readiness };
}

describe('the readiness check', () => {
  it('answers 503 within its timeout when the database hangs, with one query waiting however often it is asked', async () => {
    let queries = 0;
    const { app } = await healthApp({
      pendingMigrations: () => {
        queries += 1;
        return new Promise<number>(() => undefined);
      },
    });
    const answers = await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/readyz' })));
    expect(answers.map((res) => [res.statusCode, res.json()])).toEqual(
      [1, 2, 3].map(() => [503, { error: NOT_READY.database }]),
    );
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    expect(queries).toBe(1);
    await app.close();
  });

  it('answers 503 while the database lacks migrations of this service', async () => {
    const { app } = await healthApp({ pendingMigrations: async () => 2 });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect([res.statusCode, res.json()]).toEqual([503, { error: NOT_READY.schema }]);
    await app.close();
  });

  it('answers 200 again once the database answers again', async () => {
    let down = true;
    const { app } = await healthApp({
      pendingMigrations: async () => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return 0;
      },
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    down = false;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('health and readiness in proxy mode (WORKFLOW_UPSTREAM)', () => {
  it('is ready without asking the upstream, and not ready once draining', async () => {
    const readiness = new Readiness();
    const app = await buildApp({
      config: loadConfig({ WORKFLOW_UPSTREAM: 'http://127.0.0.1:9/api/v1', LOG_LEVEL: 'silent' }),
      logger: createLogger('silent'),
      local: null,
      readiness,
      distDir: '/nonexistent',
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    readiness.drain();
    const draining = await app.inject({ method: 'GET', url: '/readyz' });
    expect([draining.statusCode, draining.json()]).toEqual([503, { error: NOT_READY.draining }]);
    await app.close();
  });
});
