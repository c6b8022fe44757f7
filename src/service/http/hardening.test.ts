import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createService } from '../service';
import { assertMatchesContract } from '../test-support/contract-validator';
import { KEY_A, startTestService } from '../test-support/test-service';
import { useTestService } from '../test-support/use-service';
import { DRAIN_LIMIT, drainRequestBody } from './plugins/errors';

type Err = { error: string };

const svc = useTestService();

describe('contract gaps', () => {
  it('declares the 415 it answers for a body that is not JSON', async () => {
    const res = await svc.call<Err>('POST', '/api/v1/workflows', {
      body: 'prompt=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    assertMatchesContract('createWorkflow', 415, res.body);
  });

  it('declares the 431 it answers for headers that are too large', async () => {
    await svc.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (svc.app.server.address() as AddressInfo).port;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(`GET /api/v1/workflows HTTP/1.1\r\nHost: localhost\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', () => undefined);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    assertMatchesContract('listWorkflows', 431, JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const list = await svc.call<Err>('DELETE', '/api/v1/workflows');
    expect(list.status).toBe(405);
    expect(list.headers.allow).toBe('GET, HEAD, POST');
    expect(list.body.error).toMatch(/^method DELETE is not allowed on \/api\/v1\/workflows; use GET, HEAD or POST$/);
    const one = await svc.call<Err>(
      'PUT',
      '/api/v1/workflows/00000000-0000-4000-8000-000000000000/executions/00000000-0000-4000-8000-000000000001/',
    );
    expect(one.status).toBe(405);
    expect(one.headers.allow).toBe('GET, HEAD');
    expect((await svc.call<Err>('DELETE', '/api/v1/nothing')).status).toBe(404);
  });

  it.each([
    ['prompt', { prompt: 'Summarize\u0000 the notes' }],
    ['prompt', { prompt: 'Summarize \ud800 the notes' }],
    ['name', { prompt: 'Summarize the notes', name: 'half \udc00' }],
    ['description', { prompt: 'Summarize the notes', description: 'nul \u0000' }],
  ])('answers 400 for NUL or a lone surrogate in %s', async (field, body) => {
    const res = await svc.call<Err>('POST', '/api/v1/workflows', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`${field} must not contain NUL characters or unpaired surrogates`);
  });

  it.each(['+5', '05', '1e1', '0x10', ' 5', '5.0'])(
    'accepts only decimal digits in limit (refuses %s)',
    async (limit) => {
      const res = await svc.call<Err>('GET', `/api/v1/workflows?limit=${encodeURIComponent(limit)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('limit must be an integer from 1 to 100');
      expect((await svc.call('GET', '/api/v1/workflows?limit=5')).status).toBe(200);
    },
  );

  it('cuts a long path short in a 404 message', async () => {
    const res = await svc.call<Err>('GET', `/api/v1/${'x'.repeat(5000)}`);
    expect(res.status).toBe(404);
    expect(res.body.error.length).toBeLessThan(300);
    expect(res.body.error).toMatch(/^no route GET \/api\/v1\/x+…$/);
  });
});

describe('413 draining', () => {
  it('is bounded to a few seconds and no more than one more body limit', () => {
    expect(DRAIN_LIMIT.ms).toBeLessThanOrEqual(5_000);
    expect(DRAIN_LIMIT.bytes).toBeLessThanOrEqual(LIMITS.maxBodyBytes);
  });

  it('stops reading once the byte bound is passed', async () => {
    const body = new PassThrough();
    const drained = drainRequestBody(body as unknown as IncomingMessage, { bytes: 1000, ms: 60_000 });
    for (let i = 0; i < 5; i++) body.write(Buffer.alloc(400));
    await drained;
    expect(body.readableFlowing).toBe(false);
  });

  it('stops reading once the time bound is passed', async () => {
    const body = new PassThrough();
    await drainRequestBody(body as unknown as IncomingMessage, { bytes: 1000, ms: 20 });
    expect(body.readableFlowing).toBe(false);
  });
});

describe('data at rest', () => {
  it('keeps the data dir 0700 and the database, WAL, shared memory and dev key 0600', async () => {
    const own = await startTestService({
      WORKFLOW_API_KEYS: '',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'workflow-perms-')), 'data'),
    });
    try {
      await own.call('POST', '/api/v1/workflows', { key: own.devKey!.key, body: { prompt: 'Summarize the notes' } });
      expect(statSync(own.config.dataDir).mode & 0o777).toBe(0o700);
      for (const file of ['service.db', 'service.db-wal', 'service.db-shm', 'dev-key.txt']) {
        expect(statSync(join(own.config.dataDir, file)).mode & 0o777, file).toBe(0o600);
      }
    } finally {
      await own.close();
    }
  });
});

describe('logs', () => {
  it('never hold a file link’s signature', async () => {
    let logs = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    const config = loadConfig({
      DATA_DIR: join(svc.dataDir, 'logs'),
      WORKFLOW_API_KEYS: KEY_A,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://service.test',
    });
    const own = await createService(config, { logger: createLogger('info', sink), distDir: '/nonexistent' });
    try {
      own.app.get('/files/boom', async () => {
        throw new Error('storage failed');
      });
      const signature = 'ab'.repeat(32);
      const res = await own.app.inject({ method: 'GET', url: `/files/boom?expires=1&signature=${signature}` });
      expect(res.statusCode).toBe(500);
      expect(logs).toContain('/files/boom');
      expect(logs).not.toContain(signature);
    } finally {
      await own.close();
    }
  });
});
