import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../test-support/contract-validator';
import { useTestService } from '../test-support/use-service';

describe('GET /service without a model', () => {
  const svc = useTestService();

  it('says the built-in rules plan, with no model', async () => {
    const res = await svc.call('GET', '/api/v1/service');
    expect(res.status).toBe(200);
    assertMatchesContract('getServiceInfo', 200, res.body);
    expect(res.body).toEqual({ planner: 'rules', model: null });
  });

  it('needs a key like the rest of the API', async () => {
    expect((await svc.call('GET', '/api/v1/service', { key: null })).status).toBe(401);
  });

  it('is described in the served contract document', async () => {
    const res = await svc.call<{ paths: Record<string, unknown> }>('GET', '/api/v1/openapi.json', { key: null });
    expect(res.body.paths['/service']).toMatchObject({ get: { operationId: 'getServiceInfo' } });
  });
});

describe('GET /service in strict-v1 mode', () => {
  const svc = useTestService({ WORKFLOW_STRICT_V1: '1' });

  it('does not exist, as every local extension', async () => {
    const res = await svc.call<{ error: string }>('GET', '/api/v1/service');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/^no route/);
  });
});
