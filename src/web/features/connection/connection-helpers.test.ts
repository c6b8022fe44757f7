import { describe, expect, it } from 'vitest';
import { RequestScheduler } from '@/api/scheduler';
import { fetchDevKey } from './dev-key';
import { testConnection } from './test-connection';

const scheduler = new RequestScheduler({ channel: null, maxRetries: 0 });
const page = 'http://127.0.0.1:8080';

const withFetch = (respond: () => Response) => (async () => respond()) as unknown as typeof globalThis.fetch;

describe('testConnection', () => {
  it('says OK when the server lists workflows with the key', async () => {
    const fetch = withFetch(() => Response.json({ data: [], cursor: null }));
    expect(await testConnection('/api/v1', 'k', { fetch, scheduler, pageOrigin: page })).toMatchObject({ kind: 'ok' });
  });

  it('says the key is bad on a 401', async () => {
    const fetch = withFetch(() => Response.json({ error: 'invalid key' }, { status: 401 }));
    expect(await testConnection('/api/v1', 'k', { fetch, scheduler, pageOrigin: page })).toMatchObject({
      kind: 'bad-key',
    });
  });

  it('says unreachable when nothing answers on the same origin', async () => {
    const fetch = withFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await testConnection('/api/v1', 'k', { fetch, scheduler, pageOrigin: page })).toMatchObject({
      kind: 'unreachable',
    });
  });

  it('says CORS blocked for a cross-origin URL and suggests the proxy', async () => {
    const fetch = withFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const verdict = await testConnection('https://api.example.com/api/v1', 'k', { fetch, scheduler, pageOrigin: page });
    expect(verdict.kind).toBe('cors');
    expect(verdict.message).toContain('WORKFLOW_UPSTREAM=https://api.example.com/api/v1 npm start');
  });

  it('points at the base URL when the path has no API', async () => {
    const fetch = withFetch(() => new Response('nope', { status: 404 }));
    expect(await testConnection('http://127.0.0.1:8080', 'k', { fetch, scheduler, pageOrigin: page })).toMatchObject({
      kind: 'wrong-url',
    });
  });

  it('asks for a key before sending anything', async () => {
    const fetch = withFetch(() => {
      throw new Error('must not be called');
    });
    expect(await testConnection('/api/v1', '', { fetch, scheduler, pageOrigin: page })).toMatchObject({
      kind: 'bad-key',
    });
  });
});

describe('fetchDevKey', () => {
  it('reads a key from JSON or plain text', async () => {
    expect(await fetchDevKey(withFetch(() => Response.json({ key: 'dev-key-123' })))).toBe('dev-key-123');
    expect(await fetchDevKey(withFetch(() => new Response('dev-key-456\n')))).toBe('dev-key-456');
  });

  it('ignores 404s, HTML fallbacks and network failures', async () => {
    expect(await fetchDevKey(withFetch(() => new Response('no', { status: 404 })))).toBeNull();
    expect(await fetchDevKey(withFetch(() => new Response('<!doctype html><html></html>')))).toBeNull();
    expect(
      await fetchDevKey(
        withFetch(() => {
          throw new TypeError('offline');
        }),
      ),
    ).toBeNull();
  });
});
