import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pollInterval } from './poll-interval';

describe('pollInterval', () => {
  it('follows retry_after_seconds while the execution runs', () => {
    expect(pollInterval({ status: 'processing', retry_after_seconds: 3 })).toBe(3000);
    expect(pollInterval({ status: 'initial', retry_after_seconds: 1.5 })).toBe(1500);
  });

  it('falls back to 2 s when the server sends no hint, or before the first answer', () => {
    expect(pollInterval({ status: 'processing' })).toBe(2000);
    expect(pollInterval(undefined)).toBe(2000);
  });

  it('keeps the interval between 1 and 60 seconds whatever the server says', () => {
    expect(pollInterval({ status: 'processing', retry_after_seconds: 0 })).toBe(1000);
    expect(pollInterval({ status: 'processing', retry_after_seconds: 3600 })).toBe(60_000);
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (s) => {
        const ms = pollInterval({ status: 'initial', retry_after_seconds: s });
        return typeof ms === 'number' && ms >= 1000 && ms <= 60_000;
      }),
    );
  });

  it('slows down while waiting for approval', () => {
    expect(pollInterval({ status: 'human_in_the_loop' })).toBe(15_000);
  });

  it('stops once the execution is finished or failed', () => {
    expect(pollInterval({ status: 'finished', retry_after_seconds: 2 })).toBe(false);
    expect(pollInterval({ status: 'error' })).toBe(false);
  });
});
