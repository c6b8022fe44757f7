// The gate of issue #33's figures: a bench, not a timed test, that fails the run (exit code) when a
// move passes 100 ms p95 or the first page's LCP passes 2x the static page's, by more than what the
// machine's own state explains.
import type { Figure } from '../service-bench';
import { tolerance } from './tolerance';

export const MOVE_GOAL_MS = 100;
export const LCP_GOAL_RATIO = 2;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.ceil(q * xs.length) - 1]!;

/**
 * How far past a goal a figure may land: the larger of two reads of the machine, both 10 % when
 * quiet and at most 50 %: the load per core (support/tolerance.ts), and the spread of the static
 * page's own LCP in this run, (upper quartile - lower quartile) / median, when it passes 10 %. The static page does the
 * same work every round, so its spread is the noise the machine adds, whatever its speed.
 */
export function speedTolerance(staticLcp: number[], loadPerCore?: number): number {
  const spread = (quantile(staticLcp, 0.75) - quantile(staticLcp, 0.25)) / quantile(staticLcp, 0.5);
  return Math.max(tolerance(loadPerCore), Math.min(1.5, Math.max(1.1, 1 + spread)));
}

/** The figures past their goal by more than `slack`: moves by their ms, the LCP by its ratio. */
export function pastGoal(figures: Figure[], slack: number): Figure[] {
  return figures.filter((f) => {
    if (f.goal === undefined) return false;
    if (f.unit === 'ms') return f.value > MOVE_GOAL_MS * slack;
    if (f.unit === 'x') return f.value > LCP_GOAL_RATIO * slack;
    return false;
  });
}
