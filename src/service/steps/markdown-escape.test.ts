import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from './markdown-escape';
import { parseMarkdown, plainText } from './markdown-tree';

describe('escapeMarkdown', () => {
  const lineText = fc.string({
    unit: fc.constantFrom(
      'a',
      'B',
      ' ',
      '*',
      '_',
      '`',
      '#',
      '>',
      '-',
      '+',
      '1',
      '.',
      ')',
      '[',
      ']',
      '(',
      '|',
      '~',
      '\\',
      '&',
      ';',
      '<',
      '!',
      '=',
    ),
  });

  it('makes any single line read back as exactly its own text, with no markup', () => {
    fc.assert(
      fc.property(lineText, (text) => {
        const blocks = parseMarkdown(escapeMarkdown(text)).children;
        const nodes = blocks[0]?.type === 'paragraph' ? blocks[0].children : [];
        expect(nodes.every((node) => node.type === 'text')).toBe(true);
        expect(plainText(nodes)).toBe(text.trim());
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets a value open a heading, list, quote or table', () => {
    fc.assert(
      fc.property(
        lineText.filter((text) => text.trim() !== ''),
        (text) => {
          const blocks = parseMarkdown(`${escapeMarkdown(text)}\n`).children;
          expect(blocks.map((block) => block.type)).toEqual(['paragraph']);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
