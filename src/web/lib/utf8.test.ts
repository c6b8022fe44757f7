import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8';

describe('utf8Length', () => {
  it('measures inline content in UTF-8 bytes, not characters', () => {
    expect(utf8Length('é✓')).toBe(5);
  });

  it('agrees with TextEncoder for any text, including emoji and lone surrogates', () => {
    for (const text of ['', 'plain', '😀 and 👍🏽', '\uD800 lone', 'tail \uDBFF', '\uDC00x', 'mixé✓😀']) {
      expect(utf8Length(text)).toBe(new TextEncoder().encode(text).byteLength);
    }
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        (text) => utf8Length(text) === new TextEncoder().encode(text).byteLength,
      ),
    );
  });
});
