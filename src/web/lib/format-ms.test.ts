import { describe, expect, it } from 'vitest';
import { formatMs } from './format-ms';

describe('formatMs', () => {
  it('shows durations precisely enough to tell runs apart', () => {
    expect([850, 1234, 42_000, 185_000, 7_800_000, 7_200_000].map(formatMs)).toEqual([
      '850 ms',
      '1.2 s',
      '42 s',
      '3 min 5 s',
      '2 h 10 min',
      '2 h',
    ]);
  });
});
