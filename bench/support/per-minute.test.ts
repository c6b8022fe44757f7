import { describe, expect, it } from 'vitest';
import { lagsBehind, maxInWindow, summariseMinutes } from './per-minute';

const at = (minute: number, second: number) => 1_000_000 + minute * 60_000 + second * 1000;

describe('summariseMinutes', () => {
  it('counts requests per minute from the start and keeps the first minute apart', () => {
    const times = [at(0, 1), at(0, 2), at(0, 3), at(1, 0), at(1, 30), at(2, 10), at(2, 20), at(2, 40)];
    const s = summariseMinutes(times, at(0, 0), at(3, 0));
    expect(s.perMinute).toEqual([3, 2, 3]);
    expect(s.firstMinute).toBe(3);
    expect(s.steady).toBe(2.5);
    expect(s.maxSteadyMinute).toBe(3);
  });

  it('scales a partial last minute into the steady rate instead of diluting it', () => {
    const times = [at(1, 5), at(1, 10), at(1, 20), at(1, 25)];
    const s = summariseMinutes(times, at(0, 0), at(1, 30));
    expect(s.perMinute).toEqual([0, 4]);
    expect(s.steady).toBe(8);
  });

  it('leaves out requests before the start and after the end', () => {
    const s = summariseMinutes([at(0, 0) - 1, at(0, 5), at(2, 0) + 1], at(0, 0), at(2, 0));
    expect(s.perMinute).toEqual([1, 0]);
  });

  it('has no steady figure when the run ended within the first minute', () => {
    const s = summariseMinutes([at(0, 5)], at(0, 0), at(0, 40));
    expect(s).toEqual({ perMinute: [1], firstMinute: 1, steady: null, maxSteadyMinute: null });
  });
});

describe('maxInWindow', () => {
  it('finds the busiest 60-s window, whatever the order of the times', () => {
    expect(maxInWindow([])).toBe(0);
    expect(maxInWindow([0, 59_999, 60_000, 1000])).toBe(3);
    expect(maxInWindow([120_000, 0, 60_000])).toBe(1);
  });
});

describe('lagsBehind', () => {
  it('says how long ago the service had more done than the page shows', () => {
    const finished = [1000, 2000, 3000, 10_000];
    expect(lagsBehind([{ at: 5000, shown: 3 }], finished)).toEqual([0]);
    expect(lagsBehind([{ at: 5000, shown: 1 }], finished)).toEqual([3000]);
    expect(
      lagsBehind(
        [
          { at: 12_000, shown: 0 },
          { at: 12_000, shown: 4 },
        ],
        finished,
      ),
    ).toEqual([11_000, 0]);
  });
});
