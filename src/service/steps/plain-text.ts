import { joinBlocks, listStart, parseMarkdown, plainText, taskBox } from './markdown-tree';
import type { ListItem, RootContent, Table } from './markdown-tree';

function tableText(table: Table): string {
  const cells = table.children.map((row) => row.children.map((cell) => plainText(cell.children).replace(/\s+/g, ' ')));
  const [head = [], ...body] = cells;
  const widths = head.map((_, column) => Math.max(...cells.map((row) => [...(row[column] ?? '')].length)));
  const line = (row: string[]) =>
    head
      .map((_, column) => {
        const cell = row[column] ?? '';
        return cell + ' '.repeat(Math.max(0, (widths[column] ?? 0) - [...cell].length));
      })
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((width) => '-'.repeat(Math.max(1, width))).join('  '), ...body.map(line)].join('\n');
}

/** A list item's text: its paragraphs, then anything nested below them. */
function itemText(item: ListItem): string {
  const parts = item.children.map((child) =>
    child.type === 'paragraph' ? plainText(child.children) : blockText(child),
  );
  return taskBox(item) + parts.join(item.spread ? '\n\n' : '\n');
}

function blockText(block: RootContent): string {
  switch (block.type) {
    case 'heading': {
      const text = plainText(block.children);
      if (block.depth > 2) return text;
      return `${text}\n${(block.depth === 1 ? '=' : '-').repeat(Math.max(3, [...text].length))}`;
    }
    case 'paragraph':
      return plainText(block.children);
    case 'thematicBreak':
      return '----------';
    case 'code':
      return block.value
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n');
    case 'blockquote':
    case 'footnoteDefinition':
      return joinBlocks(block.children, blockText, '\n\n')
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'list':
      return block.children
        .map((item, index) => {
          const marker = block.ordered ? `${listStart(block) + index}. ` : '- ';
          return (
            marker +
            itemText(item)
              .split('\n')
              .join(`\n${' '.repeat(marker.length)}`)
          );
        })
        .join('\n');
    case 'table':
      return tableText(block);
    default:
      return '';
  }
}

/**
 * Markdown as readable plain text: underlined headings, dashes for bullets, aligned tables.
 * Written by hand on purpose: remark-rehype with hast-util-to-text (the library route, measured)
 * gives "Status\n\nAll good, see docs.\n\nNext\nship\nrest" for the first test's input, losing
 * the link's address, the headings' underline and the bullets, and runs a table's cells together
 * ("Item\t Qty Tea\t 2 \n Marmalade\t 10").
 */
export function markdownToPlainText(markdown: string): string {
  return `${joinBlocks(parseMarkdown(markdown).children, blockText, '\n\n')}\n`;
}
