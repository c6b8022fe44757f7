import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstListRead } from '@/first-paint';
import { createApiClient } from './client';
import { offerFirstAnswer, takingFirstAnswer } from './first-answer';
import { ProfilesStore, type StorageLike } from './profiles-store';
import { RequestScheduler } from './scheduler';

const URL_ = 'http://127.0.0.1:5303/api/v1/workflows?limit=50';
const list = () => new Response('{"data":[],"cursor":null}', { headers: { 'content-type': 'application/json' } });
const get = (url = URL_, key = 'k') => new Request(url, { headers: { 'x-api-key': key } });

function offer(answer: Response | null, sentAt = Date.now()) {
  const early = answer;
  offerFirstAnswer({ url: URL_, key: 'k', sentAt, answer: Promise.resolve(early) });
  return early;
}

afterEach(() => {
  delete (globalThis as { __wfFirstAnswer?: unknown }).__wfFirstAnswer;
});

describe('takingFirstAnswer', () => {
  it('answers the same read with the early answer, once; the next read goes to the server', async () => {
    const early = offer(list());
    const fetch = vi.fn(async () => list());
    const taking = takingFirstAnswer(fetch);
    expect(await taking(get())).toBe(early);
    expect(fetch).not.toHaveBeenCalled();
    await taking(get());
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never gives it to another key, another URL or a change', async () => {
    offer(list());
    const fetch = vi.fn(async () => list());
    const taking = takingFirstAnswer(fetch);
    await taking(get(URL_, 'other key'));
    await taking(get(`${URL_}&cursor=abc`));
    await taking(new Request(URL_, { method: 'POST', headers: { 'x-api-key': 'k' }, body: '{}' }));
    expect(fetch).toHaveBeenCalledTimes(3);
    // Still there for the read it was made for.
    await taking(get());
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('asks the server itself when the early request failed or is stale', async () => {
    const fetch = vi.fn(async () => list());
    const taking = takingFirstAnswer(fetch);
    offer(null);
    await taking(get());
    expect(fetch).toHaveBeenCalledTimes(1);
    offer(list(), Date.now() - 60_000);
    await taking(get());
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

const ORIGIN = 'http://127.0.0.1:5303';

const memory = (): StorageLike => {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

/** The URL and key the app's client sends for the list's first page. */
async function clientsFirstRead(baseUrl: string, apiKey: string) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(input instanceof Request ? input : new Request(input, init));
    return new Response(JSON.stringify({ data: [], cursor: null }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  const scheduler = new RequestScheduler({ maxRetries: 0, channel: null });
  await createApiClient({ baseUrl, apiKey, fetch, scheduler, pageOrigin: ORIGIN }).listWorkflows({
    limit: 50,
    cursor: null,
  });
  return { url: seen[0]!.url, key: seen[0]!.headers.get('x-api-key') };
}

describe('the first-paint script’s request', () => {
  it('is the very request the app’s client makes first, so the client takes its answer', async () => {
    for (const baseUrl of [`${ORIGIN}/api/v1`, 'https://api.example.com/v1/']) {
      const local = memory();
      const session = memory();
      const store = new ProfilesStore(local, session, ORIGIN);
      store.save({ ...store.active(), baseUrl, apiKey: 'the key' });
      const read = firstListRead({ pathname: '/workflows', search: '', origin: ORIGIN }, local, session);
      expect(read).toEqual(await clientsFirstRead(store.active().baseUrl, 'the key'));
    }
  });
});
