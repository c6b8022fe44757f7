import { describe, expect, it } from 'vitest';
import { testConnection } from './connection-check';
import { RequestScheduler } from '@/api/scheduler';

const scheduler = new RequestScheduler({ channel: null, maxRetries: 0 });
const page = 'http://127.0.0.1:8080';

const withFetch = (respond: () => Response) => (async () => respond()) as unknown as typeof globalThis.fetch;

const failedToFetch = () => {
  throw new TypeError('Failed to fetch');
};
const verdictOf = (baseUrl: string, key: string, respond: () => Response) =>
  testConnection(baseUrl, key, { fetch: withFetch(respond), scheduler, pageOrigin: page });

describe('testConnection', () => {
  it.each([
    [
      'OK when the server lists workflows with the key',
      '/api/v1',
      () => Response.json({ data: [], cursor: null }),
      'ok',
    ],
    ['the key is bad on a 401', '/api/v1', () => Response.json({ error: 'invalid key' }, { status: 401 }), 'bad-key'],
    ['unreachable when nothing answers on the same origin', '/api/v1', failedToFetch, 'unreachable'],
    [
      'wrong URL when the path has no API',
      'http://127.0.0.1:8080',
      () => new Response('nope', { status: 404 }),
      'wrong-url',
    ],
  ])('says %s', async (_case, baseUrl, respond, kind) => {
    expect(await verdictOf(baseUrl, 'k', respond)).toMatchObject({ kind });
  });

  it('says CORS blocked for a cross-origin URL and suggests the proxy', async () => {
    const verdict = await verdictOf('https://api.example.com/api/v1', 'k', failedToFetch);
    expect(verdict.kind).toBe('cors');
    expect(verdict.message).toContain('WORKFLOW_UPSTREAM=https://api.example.com/api/v1 npm start');
  });

  it('asks for a key before sending anything', async () => {
    const verdict = await verdictOf('/api/v1', '', () => {
      throw new Error('must not be called');
    });
    expect(verdict).toMatchObject({ kind: 'bad-key' });
  });
});
