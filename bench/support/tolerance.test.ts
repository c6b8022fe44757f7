import { describe, expect, it } from 'vitest';
import { tolerance } from './tolerance';

describe('tolerance', () => {
  it('allows 10 % on a machine with at most one runnable task per core', () => {
    expect(tolerance(0)).toBeCloseTo(1.1);
    expect(tolerance(1)).toBeCloseTo(1.1);
  });

  it('grows with the load per core past one', () => {
    expect(tolerance(2)).toBeCloseTo(1.2);
    expect(tolerance(3.5)).toBeCloseTo(1.35);
  });

  it('never lets a figure pass its goal by more than half', () => {
    expect(tolerance(9)).toBeCloseTo(1.5);
    expect(tolerance(100)).toBeCloseTo(1.5);
  });
});
