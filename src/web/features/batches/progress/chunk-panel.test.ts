import { describe, expect, it } from 'vitest';
import type { ChunkRecord } from '@/batch-engine/batch-types';
import { rowsText, sendingText } from './chunk-panel';

const chunk = (index: number, rows: number[], state: ChunkRecord['state']): ChunkRecord => ({
  index,
  rows,
  bytes: 100 * rows.length,
  state,
});

describe('sending progress in rows', () => {
  it('counts rows, not parts, while sending is under way', () => {
    const text = sendingText([chunk(0, [0, 1, 2], 'confirmed'), chunk(1, [3, 4], 'sending'), chunk(2, [5], 'pending')]);
    expect(text).toBe('3 of 6 rows sent to the service.');
    expect(text).not.toMatch(/chunk|request|KB/i);
  });

  it('says nothing once every row is sent', () => {
    expect(sendingText([chunk(0, [0, 1], 'confirmed'), chunk(1, [2], 'confirmed')])).toBeNull();
    expect(sendingText([])).toBeNull();
  });
});

describe('which rows a part holds', () => {
  it('names a single row, or the count and the first and last row numbers', () => {
    expect(rowsText([4])).toBe('row 5');
    expect(rowsText([11, 12, 14, 57])).toBe('4 rows (rows 12 to 58)');
  });
});
