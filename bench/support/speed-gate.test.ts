import { describe, expect, it } from 'vitest';
import { pastGoal, speedTolerance } from './speed-gate';

const quiet = [220, 224, 226, 230, 224, 222, 228];

describe('speedTolerance', () => {
  it('allows 10 % when the machine is quiet and the static page repeats itself', () => {
    expect(speedTolerance(quiet, 0.5)).toBeCloseTo(1.1, 2);
  });

  it('grows with the static page’s own spread, whatever the load says', () => {
    // Quartiles 340 and 420 around a median of 380: a spread of a fifth.
    expect(speedTolerance([460, 300, 380, 340, 420, 360, 400], 0.5)).toBeCloseTo(1 + 80 / 380, 2);
  });

  it('grows with the load, and never past half the goal', () => {
    expect(speedTolerance(quiet, 3)).toBeCloseTo(1.3, 2);
    expect(speedTolerance([100, 400, 900, 1000], 20)).toBe(1.5);
  });
});

describe('pastGoal', () => {
  const figures = [
    { name: 'LCP ratio', value: 2.9, unit: 'x', goal: '≤ 2x', ok: false },
    { name: 'a move', value: 120, unit: 'ms', goal: '≤ 100 ms', ok: false },
    { name: 'another move', value: 40, unit: 'ms', goal: '≤ 100 ms', ok: true },
    { name: 'LCP itself', value: 5000, unit: 'ms' },
  ];

  it('fails a move and the LCP ratio past their goals by more than the tolerance, and nothing else', () => {
    expect(pastGoal(figures, 1.1).map((f) => f.name)).toEqual(['LCP ratio', 'a move']);
    expect(pastGoal(figures, 1.5).map((f) => f.name)).toEqual([]);
  });
});
