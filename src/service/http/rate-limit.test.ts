import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses until the window ends', () => {
    const clock = manualClock();
    const limiter = new RateLimiter(3, clock);
    expect([1, 2, 3].map(() => limiter.hit('k').remaining)).toEqual([2, 1, 0]);
    clock.advance(47_500);
    const refused = limiter.hit('k');
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 13 });
    clock.advance(12_500);
    expect(limiter.hit('k')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 60 });
  });

  it('counts each key separately', () => {
    const limiter = new RateLimiter(1, manualClock());
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
  });
});
