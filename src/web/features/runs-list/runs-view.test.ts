import { describe, expect, it } from 'vitest';
import { scanLine } from './runs-view';

const rows = (n: number) => Array.from({ length: n }, () => ({}) as never);

describe('scanLine', () => {
  it('says how far the scan got, of about how many, and what it found', () => {
    const progress = { scanned: 2_000, estimate: 5_648, complete: false, requests: 20, running: true };
    expect(scanLine({ progress, rows: rows(11) })).toBe('Scanned 2,000 of about 5,650 runs · 11 matches · 20 requests');
  });
  it('gives the exact total once every page is read', () => {
    const progress = { scanned: 3, estimate: 3, complete: true, requests: 1, running: false };
    expect(scanLine({ progress, rows: rows(1) })).toBe('Scanned 3 of 3 runs · 1 match · 1 request');
  });
});
