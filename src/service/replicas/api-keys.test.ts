import { afterAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../contract/openapi-document';
import { freshSchema, type TestDatabase } from '../test-support/test-database';
import { startTestService, type TestService } from '../test-support/test-service';

const BASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!BASE_URL)('API keys on two replicas of one PostgreSQL', () => {
  let database: TestDatabase | undefined;
  const services: TestService[] = [];
  afterAll(async () => {
    for (const svc of services.reverse()) await svc.close();
    await database?.drop();
  });

  it('a key made on one replica works on the other, and once revoked answers 401 there within seconds', async () => {
    database = await freshSchema(BASE_URL!);
    const env = { DATABASE_URL: database.databaseUrl! };
    const one = await startTestService(env);
    services.push(one);
    const two = await startTestService(env);
    services.push(two);

    const made = await one.call<Schemas['CreatedApiKey']>('POST', '/api/v1/keys', { body: { name: 'Replica test' } });
    expect(made.status).toBe(201);
    const onTwo = () => two.call('GET', '/api/v1/workflows', { key: made.body.key });
    expect((await onTwo()).status).toBe(200);

    const revokedAt = Date.now();
    expect((await one.call('POST', `/api/v1/keys/${made.body.id}/revoke`)).status).toBe(200);
    await expect.poll(async () => (await onTwo()).status, { timeout: 8_000, interval: 250 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(6_500);
  });
});
