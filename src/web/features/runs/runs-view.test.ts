import { describe, expect, it } from 'vitest';
import { scanLine } from './runs-view';

const rows = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe('scanLine', () => {
  it('says what it found so far and how far it looked, in runs, never in requests', () => {
    const progress = { scanned: 2_000, estimate: 5_648, complete: false, requests: 20, running: true };
    expect(scanLine({ progress, rows: rows(11) })).toBe('11 matches so far, in the 2,000 newest of about 5,650 runs');
  });
  it('gives the exact total once every page is read', () => {
    const progress = { scanned: 3, estimate: 3, complete: true, requests: 1, running: false };
    expect(scanLine({ progress, rows: rows(1) })).toBe('1 match in all 3 runs');
  });
});
