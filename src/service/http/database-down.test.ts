import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy, type CuttableProxy } from '../test-support/cuttable-proxy';
import { freshSchema, type TestDatabase } from '../test-support/test-database';
import { startTestService, type TestService } from '../test-support/test-service';
import { NOT_READY } from './resources/health/health';

const BASE_URL = process.env.TEST_DATABASE_URL;
const UNAVAILABLE = { error: 'the database is unavailable just now; try again in a few seconds' };

/** `url` pointing at the proxy on `port` instead of the server itself. */
function through(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  return parsed.toString();
}

/** Asks /readyz; the status, body and how long the answer took. */
async function ready(svc: TestService) {
  const started = Date.now();
  const res = await svc.call('GET', '/readyz', { key: null });
  return { status: res.status, body: res.body, ms: Date.now() - started };
}

async function readyAgain(svc: TestService): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await ready(svc)).status !== 200) {
    if (Date.now() > deadline) throw new Error('/readyz did not answer 200 again within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// A real PostgreSQL behind a TCP proxy the test cuts (as a stopped or unreachable server) or hangs.
describe.skipIf(process.env.TEST_STORE !== 'postgres' || !BASE_URL)('a PostgreSQL that stops answering', () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  let svc: TestService;
  beforeAll(async () => {
    database = await freshSchema(BASE_URL!);
    const target = new URL(database.databaseUrl!);
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    svc = await startTestService({ DATABASE_URL: through(database.databaseUrl!, proxy.port) });
  });
  afterAll(async () => {
    await proxy?.restore();
    await svc?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('is ready while the database answers', async () => {
    expect(await ready(svc)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(200);
  });

  it('answers /readyz 503 within 2 s and API requests 503 {error} while the server refuses and drops connections', async () => {
    await proxy.cut();
    const answer = await ready(svc);
    expect(answer).toMatchObject({ status: 503, body: { error: NOT_READY.database } });
    expect(answer.ms).toBeLessThan(2_000);
    const list = await svc.call('GET', '/api/v1/workflows');
    expect([list.status, list.body, list.headers['retry-after']]).toEqual([503, UNAVAILABLE, '5']);
    const create = await svc.call('POST', '/api/v1/workflows', { body: { prompt: 'Summarise a page' } });
    expect([create.status, create.body]).toEqual([503, UNAVAILABLE]);
    expect((await svc.call('GET', '/healthz', { key: null })).status).toBe(200);
  });

  it('is ready again, and answers the API, once the server is back', async () => {
    await proxy.restore();
    await readyAgain(svc);
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(200);
  });

  it('answers /readyz 503 within 2 s while the server hangs, and 200 once it answers again', async () => {
    proxy.hang();
    const answers = [await ready(svc), await ready(svc)];
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, body: { error: NOT_READY.database } });
      expect(answer.ms).toBeLessThan(2_000);
    }
    await proxy.restore();
    await readyAgain(svc);
  });
});
