import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { useFreshStore } from '../test-support/use-service';
import { RateLimiter, storeWindows } from './rate-limit';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(3, clock);
    expect([limiter.hitLocal('k'), await limiter.hit('k'), limiter.hitLocal('k')].map((d) => d.remaining)).toEqual([
      2, 1, 0,
    ]);
    clock.advance(47_500);
    const refused = await limiter.hit('k');
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 13 });
    clock.advance(12_500);
    expect(await limiter.hit('k')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('counts each key separately', async () => {
    const limiter = new RateLimiter(1, manualClock());
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('b')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
  });
});

describe('RateLimiter on a shared store', () => {
  const { store } = useFreshStore('workflow-rate-');

  it('counts in the database, so replicas share one window per key', async () => {
    const clock = manualClock(1_700_000_000_000);
    const windows = storeWindows(store);
    // Two limiters on one database stand for two replicas.
    const [a, b] = [1, 2].map(() => new RateLimiter(3, clock, { windows, scope: 'key' }));
    expect(a!.isShared).toBe(true);
    const decisions = [await a!.hit('k'), await b!.hit('k'), await a!.hit('k')];
    expect(decisions.map((d) => d.remaining)).toEqual([2, 1, 0]);
    clock.advance(47_500);
    expect(await b!.hit('k')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 13 });
    expect((await a!.hit('other')).allowed).toBe(true);
    clock.advance(12_500);
    expect(await b!.hit('k')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('keeps the windows of different scopes apart', async () => {
    const clock = manualClock(1_700_000_000_000);
    const windows = storeWindows(store);
    const keys = new RateLimiter(1, clock, { windows, scope: 'key' });
    const addresses = new RateLimiter(1, clock, { windows, scope: 'address' });
    expect((await keys.hit('x')).allowed).toBe(true);
    expect((await addresses.hit('x')).allowed).toBe(true);
    expect((await keys.hit('x')).allowed).toBe(false);
  });
});
