import { describe, expect, it } from 'vitest';
import { NetworkError, NotFoundError, RateLimitedError, ServerError } from './errors';
import { errorBackoff, shouldRetryQuery } from './retry-policy';

describe('errorBackoff', () => {
  it('doubles from about 2 s to a 60 s ceiling', () => {
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => errorBackoff(n, top))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000,
    ]);
  });

  it('spreads retries over the upper half of the ceiling', () => {
    expect(errorBackoff(3, () => 0)).toBe(4000);
    expect(errorBackoff(3, () => 0.5)).toBe(6000);
  });
});

describe('shouldRetryQuery', () => {
  it('never retries a 429: the scheduler already waited it out', () => {
    expect(shouldRetryQuery(0, new RateLimitedError(30))).toBe(false);
  });

  it('retries transport failures and 5xx twice, and nothing that cannot pass on a later try', () => {
    expect([0, 1, 2].map((n) => shouldRetryQuery(n, new NetworkError()))).toEqual([true, true, false]);
    expect(shouldRetryQuery(0, new ServerError())).toBe(true);
    expect(shouldRetryQuery(0, new NotFoundError())).toBe(false);
    const abort = new Error('stop');
    abort.name = 'AbortError';
    expect(shouldRetryQuery(0, abort)).toBe(false);
  });
});
