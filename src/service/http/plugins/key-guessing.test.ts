import { describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { KEY_A } from '../../test-support/test-service';
import { useTestService } from '../../test-support/use-service';
import { KeyResolver } from './auth';

const svc = useTestService({ WORKFLOW_KEY_FAILURE_LIMIT: '3' });

const from = (remoteAddress: string, key: string | null) =>
  svc.app.inject({
    method: 'GET',
    url: '/api/v1/workflows',
    remoteAddress,
    headers: key === null ? {} : { 'x-api-key': key },
  });

describe('failed API key attempts', () => {
  it('are limited per client address with 429, Retry-After and a sentence saying why', async () => {
    for (const key of ['guess-1', null, 'guess-2']) expect((await from('10.0.0.1', key)).statusCode).toBe(401);
    for (const key of ['guess-3', null]) {
      const limited = await from('10.0.0.1', key);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({
        error: expect.stringMatching(/^too many failed API key attempts from this address; retry in \d+ s$/),
      });
    }
    // Other addresses are not affected.
    expect((await from('10.0.0.2', 'guess-4')).statusCode).toBe(401);
  });

  it('never lock a valid key out: it is served from an address that ran out of attempts', async () => {
    for (let i = 0; i < 31; i++) await from('10.0.0.3', i % 2 === 0 ? `wrong-${i}` : null);
    expect((await from('10.0.0.3', 'wrong-again')).statusCode).toBe(429);
    const served = await from('10.0.0.3', KEY_A);
    expect(served.statusCode).toBe(200);
    // Counted against its own key's limit only.
    expect(served.headers['ratelimit-limit']).toBe(String(svc.config.rateLimitPerMinute));
    expect((await from('10.0.0.3', null)).statusCode).toBe(429);
  });
});

describe('KeyResolver cache', () => {
  it('evicts the least recently used key instead of emptying itself when full', async () => {
    let lookups = 0;
    const store = {
      apiKeys: {
        holderOf: async () => {
          lookups += 1;
          return undefined;
        },
      },
    } as unknown as ConstructorParameters<typeof KeyResolver>[0];
    const resolver = new KeyResolver(store, manualClock(0));
    await resolver.resolve('hot');
    for (let i = 0; i < 10_000; i++) {
      await resolver.resolve(`random-${i}`);
      if (i % 1000 === 0) await resolver.resolve('hot');
    }
    const before = lookups;
    await resolver.resolve('hot');
    expect(lookups).toBe(before);
  });
});
