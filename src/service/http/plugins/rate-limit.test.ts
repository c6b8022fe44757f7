import { afterEach, describe, expect, it } from 'vitest';
import { manualClock, type Clock } from '../../clock';
import { testStoreHome, type TestStoreHome } from '../../store/test-support/store-home';
import { useFreshStore } from '../../test-support/use-service';
import { RateLimiter, storeWindows, type RateDecision } from './rate-limit';

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

/*
 * On PostgreSQL two stores (two pools, two batchers) on one schema stand for two replicas; SQLite
 * serves one process, so there both limiters count through one store.
 */
describe('RateLimiter on a shared store, hit by a burst', () => {
  let home: TestStoreHome;
  afterEach(async () => {
    await home.cleanup();
  });

  async function replicas(clock: Clock): Promise<[RateLimiter, RateLimiter]> {
    home = await testStoreHome();
    const a = await home.open(clock);
    const b = home.dialect === 'postgres' ? await home.open(clock) : a;
    return [a, b].map((store) => new RateLimiter(100, clock, { windows: storeWindows(store), scope: 'key' })) as [
      RateLimiter,
      RateLimiter,
    ];
  }

  const allowed = (decisions: RateDecision[]) => decisions.filter((d) => d.allowed).length;

  it('allows exactly 100 of 150 hits of one key sent at once to one replica, each with its own remaining count', async () => {
    const clock = manualClock(1_700_000_000_000);
    const [a] = await replicas(clock);
    const decisions = await Promise.all(Array.from({ length: 150 }, () => a.hit('k')));
    expect(allowed(decisions)).toBe(100);
    expect(decisions.slice(0, 100).every((d) => d.allowed)).toBe(true);
    expect(decisions.map((d) => d.remaining).slice(0, 101)).toEqual([
      ...Array.from({ length: 100 }, (_, i) => 99 - i),
      0,
    ]);
  });

  it('allows exactly 100 of 150 hits of one key sent at once to two replicas, and 100 again once the minute has passed', async () => {
    const clock = manualClock(1_700_000_000_000);
    const [a, b] = await replicas(clock);
    const burst = () => Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).hit('k')));
    expect(allowed(await burst())).toBe(100);
    clock.advance(59_999);
    expect(allowed(await burst())).toBe(0);
    clock.advance(1);
    expect(allowed(await burst())).toBe(100);
  });
});
