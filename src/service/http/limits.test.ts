import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assertMatchesContract } from '../test-support/contract-validator';
import { useTestService } from '../test-support/use-service';

const run = promisify(execFile);

const svc = useTestService();

describe('request body limit', () => {
  it('answers 413 for a body over 4 MB and keeps serving', async () => {
    const huge = JSON.stringify({ prompt: 'x'.repeat(4 * 1024 * 1024) });
    const res = await svc.call<{ error: string }>('POST', '/api/v1/workflows', {
      body: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    assertMatchesContract('createWorkflow', 413, res.body);
    expect(res.body).toEqual({ error: 'request body is larger than 4 MB' });
    expect(res.headers['ratelimit-limit']).toBe('100');
    expect((await svc.call('POST', '/api/v1/workflows', { body: { prompt: 'Summarize meeting notes' } })).status).toBe(
      201,
    );
  });

  it('lets a client that is still uploading read the 413 over a real socket, and keeps serving', async () => {
    const address = await svc.app.listen({ port: 0, host: '127.0.0.1' });
    // A client in another process uploads at its own pace; in this one, the upload and the answer take turns.
    const client = `
      const body = JSON.stringify({ prompt: 'x'.repeat(8 * 1024 * 1024) });
      const answers = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(process.argv[1], { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'test-key-account-a-0123456789abcdef' }, body })
          .then(async (r) => [r.status, await r.text()], (e) => ['failed', String(e.cause?.code ?? e)]);
        answers.push(res);
      }
      console.log(JSON.stringify(answers));`;
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      client,
      `${address}/api/v1/workflows`,
    ]);
    const answer = [413, JSON.stringify({ error: 'request body is larger than 4 MB' })];
    expect(JSON.parse(stdout)).toEqual(Array.from({ length: 5 }, () => answer));
    const next = await fetch(`${address}/api/v1/workflows`, {
      headers: { 'x-api-key': 'test-key-account-a-0123456789abcdef' },
    });
    expect(next.status).toBe(200);
  });
});

describe('server errors', () => {
  it('hide internals behind "internal server error"', async () => {
    const original = svc.store.workflows.page.bind(svc.store.workflows);
    svc.store.workflows.page = () => {
      throw new Error('SQLITE_CORRUPT: secret detail');
    };
    try {
      const res = await svc.call<{ error: string }>('GET', '/api/v1/workflows');
      expect(res.status).toBe(500);
      assertMatchesContract('listWorkflows', 500, res.body);
      expect(res.body).toEqual({ error: 'internal server error' });
      expect(res.raw.body).not.toContain('secret');
    } finally {
      svc.store.workflows.page = original;
    }
  });
});
