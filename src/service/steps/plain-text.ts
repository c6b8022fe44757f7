import { inlineToPlain, parseBlocks, parseInline, type Block } from './markdown-blocks';

const plain = (text: string) => inlineToPlain(parseInline(text));

function tableText(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => plain(cell).replace(/\s+/g, ' ')));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => [...(row[column] ?? '')].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell + ' '.repeat(Math.max(0, (widths[column] ?? 0) - [...cell].length)))
      .join('  ')
      .trimEnd();
  const [head = [], ...body] = cells;
  return [line(head), widths.map((width) => '-'.repeat(Math.max(1, width))).join('  '), ...body.map(line)].join('\n');
}

function blockText(block: Block): string {
  switch (block.type) {
    case 'heading': {
      const text = plain(block.text);
      if (block.level > 2) return text;
      return `${text}\n${(block.level === 1 ? '=' : '-').repeat(Math.max(3, [...text].length))}`;
    }
    case 'paragraph':
      return plain(block.text);
    case 'rule':
      return '----------';
    case 'code':
      return block.text
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
    case 'quote':
      return blocksText(block.blocks)
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'list':
      return block.items
        .map((item, index) => {
          const marker = block.ordered ? `${block.start + index}. ` : '- ';
          return (
            marker +
            plain(item)
              .split('\n')
              .join(`\n${' '.repeat(marker.length)}`)
          );
        })
        .join('\n');
    case 'table':
      return tableText(block.header, block.rows);
  }
}

function blocksText(blocks: Block[]): string {
  return blocks.map(blockText).join('\n\n');
}

/** Markdown as readable plain text: underlined headings, dashes for bullets, aligned tables. */
export function markdownToPlainText(markdown: string): string {
  return `${blocksText(parseBlocks(markdown))}\n`;
}
