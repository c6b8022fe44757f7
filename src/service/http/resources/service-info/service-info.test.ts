import { afterAll, describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { startFakeOllama } from '../../../test-support/fake-ollama';
import { useTestService } from '../../../test-support/use-service';

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

const ollama = await startFakeOllama(['llama3.1:8b']);
afterAll(() => ollama.close());

describe('GET /service with a model server answering on this machine', () => {
  const svc = useTestService({ WORKFLOW_OLLAMA_PROBE_URL: ollama.url });

  it('says which models it has and the line that turns it on, without using it', async () => {
    const res = await svc.call('GET', '/api/v1/service');
    assertMatchesContract('getServiceInfo', 200, res.body);
    expect(res.body).toEqual({
      planner: 'rules',
      model: null,
      local_models: {
        url: ollama.url,
        models: ['llama3.1:8b'],
        command: `WORKFLOW_MODEL_URL=${ollama.url} WORKFLOW_MODEL=llama3.1:8b npm start`,
      },
    });
  });
});

describe('GET /service in strict-v1 mode with a model server on this machine', () => {
  const svc = useTestService({ WORKFLOW_OLLAMA_PROBE_URL: ollama.url, WORKFLOW_STRICT_V1: '1' });

  it('does not exist, and nothing asks the local server', async () => {
    const asked = ollama.asked;
    expect((await svc.call('GET', '/api/v1/service')).status).toBe(404);
    expect(ollama.asked).toBe(asked);
  });
});
