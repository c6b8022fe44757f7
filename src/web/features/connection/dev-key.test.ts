import { describe, expect, it } from 'vitest';
import { fetchDevKey } from './dev-key';

const withFetch = (respond: () => Response) => (async () => respond()) as unknown as typeof globalThis.fetch;

const failedToFetch = () => {
  throw new TypeError('Failed to fetch');
};

describe('fetchDevKey', () => {
  it('reads a key from JSON or plain text', async () => {
    expect(await fetchDevKey(withFetch(() => Response.json({ key: 'dev-key-123' })))).toBe('dev-key-123');
    expect(await fetchDevKey(withFetch(() => new Response('dev-key-456\n')))).toBe('dev-key-456');
  });

  it('ignores 404s, HTML fallbacks and network failures', async () => {
    expect(await fetchDevKey(withFetch(() => new Response('no', { status: 404 })))).toBeNull();
    expect(await fetchDevKey(withFetch(() => new Response('<!doctype html><html></html>')))).toBeNull();
    expect(await fetchDevKey(withFetch(failedToFetch))).toBeNull();
  });
});
