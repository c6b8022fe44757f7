import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionDetail, WorkflowDetail } from '../../contract/openapi-document';
import { KEY_A, reportStep } from '../test-support/test-service';
import { useTestService } from '../test-support/use-service';

type Err = { error: string };

const svc = useTestService({ WORKFLOW_RATE_LIMIT: '1000000' });
let workflowId: string;
let executionId: string;
beforeAll(async () => {
  workflowId = await svc.addWorkflow({ steps: [reportStep()] });
  executionId = (
    await svc.call<{ execution_id: string }>('POST', `/api/v1/workflows/${workflowId}/executions`, { body: {} })
  ).body.execution_id;
});

/** Sends raw bytes over a socket and returns everything the server wrote before closing. */
async function rawExchange(request: string): Promise<string> {
  const address = svc.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(address.port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('paths', () => {
  it('ignores a trailing slash and a doubled slash', async () => {
    const list = await svc.call('GET', '/api/v1/workflows/');
    expect(list.status).toBe(200);
    expect((await svc.call('GET', '/api/v1//workflows')).status).toBe(200);
    const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${workflowId}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe(workflowId);
  });

  it('reads UUIDs in any letter case', async () => {
    const upper = `/api/v1/workflows/${workflowId.toUpperCase()}`;
    expect((await svc.call<WorkflowDetail>('GET', upper)).body.id).toBe(workflowId);
    const execution = await svc.call<ExecutionDetail>('GET', `${upper}/executions/${executionId.toUpperCase()}`);
    expect(execution.status).toBe(200);
    expect(execution.body.id).toBe(executionId);
    expect((await svc.call('GET', `${upper}/executions`)).status).toBe(200);
  });

  it('answers a path with broken percent-encoding with a JSON error and open CORS', async () => {
    for (const url of ['/api/v1/workflows/%ZZ', '/files/%ZZ/report.md']) {
      const res = await svc.call<Err>('GET', url);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).toEqual({ error: 'the request path is not valid: fix its percent-encoding' });
    }
  });

  it('answers an absurdly long path segment with 400 and a JSON error', async () => {
    const res = await svc.call<Err>('GET', `/api/v1/workflows/${'a'.repeat(600)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'the request path has a segment that is too long' });
    expect((await svc.call<Err>('GET', `/api/v1/workflows/${'a'.repeat(300)}`)).body).toEqual({
      error: 'workflowId must be a UUID',
    });
  });
});

describe('request bodies', () => {
  it('refuses a compressed body with 415 instead of calling it invalid JSON', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/workflows',
      headers: { 'x-api-key': KEY_A, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ prompt: 'Summarize meeting notes' })),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'content-encoding gzip is not supported; send the JSON body uncompressed' });
  });

  it('accepts content-encoding identity', async () => {
    const res = await svc.call('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes' },
      headers: { 'content-encoding': 'identity' },
    });
    expect(res.status).toBe(201);
  });
});

describe('malformed HTTP', () => {
  beforeAll(async () => {
    await svc.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a request line that is not HTTP with a JSON error', async () => {
    const answer = await rawExchange('GARBAGE\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Content-Type: application/json; charset=utf-8');
    expect(answer.endsWith('{"error":"malformed HTTP request"}')).toBe(true);
  });

  it('answers oversized headers with 431 and a JSON error', async () => {
    const answer = await rawExchange(
      `GET /api/v1/workflows HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.endsWith('{"error":"request headers are too large"}')).toBe(true);
  });
});
