import { describe, expect, it } from 'vitest';
import { etaMs, formatSpan, recentRate, timeLeftText } from './timing';

describe('timing', () => {
  it('estimates the time left from the recent completion rate', () => {
    const samples: [number, number][] = [
      [0, 0],
      [60_000, 100],
      [120_000, 200],
    ];
    expect(recentRate(samples, 120_000)).toBeCloseTo(100 / 60_000);
    expect(etaMs(samples, 300, 120_000)).toBeCloseTo(180_000);
  });

  it('has no estimate before a trend exists, and none needed when done', () => {
    expect(etaMs([[0, 0]], 10, 0)).toBeNull();
    expect(etaMs([], 0, 0)).toBe(0);
  });

  it('formats spans for people', () => {
    expect(formatSpan(40_000)).toBe('40 s');
    expect(formatSpan(12 * 60_000)).toBe('12 min');
    expect(formatSpan(185 * 60_000)).toBe('3 h 05 min');
  });

  it('after a stop whose queued runs the server cancelled, promises no pace-based time', () => {
    // The pace of the runs before the stop says nothing about how soon cancelled rows show as ended.
    expect(timeLeftText({ eta: 600_000, offline: false, cancelledOnServer: true })).toBe('finishing the stop');
    expect(timeLeftText({ eta: 600_000, offline: false, cancelledOnServer: false })).toBe('about 10 min');
    expect(timeLeftText({ eta: 0, offline: false, cancelledOnServer: true })).toBe('—');
    expect(timeLeftText({ eta: null, offline: false, cancelledOnServer: false })).toBe('estimating…');
    expect(timeLeftText({ eta: 60_000, offline: true, cancelledOnServer: false })).toBe(
      'paused while the server is not answering',
    );
  });
});
