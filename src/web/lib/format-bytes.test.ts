import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [812, '812 B'],
    [1024, '1.0 KB'],
    [4300, '4.2 KB'],
    [102_400, '100 KB'],
    [18 * 1024 * 1024, '18 MB'],
    [5 * 1024 ** 4, '5.0 TB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('shows nothing for unknown sizes', () => {
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(-1)).toBe('');
  });
});
