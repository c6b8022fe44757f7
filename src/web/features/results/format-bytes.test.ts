import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, utf8Bytes } from './format-bytes';

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

  it('measures inline content in UTF-8 bytes, not characters', () => {
    expect(utf8Bytes('é✓')).toBe(5);
  });

  it('agrees with TextEncoder for any text, including emoji and lone surrogates', () => {
    for (const text of ['', 'plain', '😀 and 👍🏽', '\uD800 lone', 'tail \uDBFF', '\uDC00x', 'mixé✓😀']) {
      expect(utf8Bytes(text)).toBe(new TextEncoder().encode(text).byteLength);
    }
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => utf8Bytes(text) === new TextEncoder().encode(text).byteLength));
  });
});
