import type { PDFFont } from 'pdf-lib';
import { plainText, safeHref, taskBox, type ListItem, type PhrasingContent, type RootContent } from './markdown-tree';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
  mono: PDFFont;
}

export type FontName = keyof Fonts;

/** A stretch of inline text in one font; `\n` alone is a hard line break. */
export interface Run {
  text: string;
  font: FontName;
}

/** The font of text inside `**` and `_` marks, on top of the surrounding one. */
function styled(font: FontName, mark: 'strong' | 'emphasis'): FontName {
  if (font === 'mono') return font;
  const bold = font === 'bold' || font === 'boldItalic' || mark === 'strong';
  const italic = font === 'italic' || font === 'boldItalic' || mark === 'emphasis';
  return bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular';
}

/**
 * Inline markdown as runs of text per font. A line break inside a paragraph's source (a soft break)
 * is a space, as in any reader; only a hard break (two spaces or `\` at the end) starts a new line.
 */
export function inlineRuns(nodes: PhrasingContent[], font: FontName = 'regular'): Run[] {
  return nodes.flatMap((node): Run[] => {
    switch (node.type) {
      case 'text':
        return [{ text: node.value.replace(/\n/g, ' '), font }];
      case 'inlineCode':
        return [{ text: node.value.replace(/\n/g, ' '), font: 'mono' }];
      case 'break':
        return [{ text: '\n', font }];
      case 'image':
        return [{ text: node.alt ?? '', font }];
      case 'footnoteReference':
        return [{ text: `[${node.label ?? node.identifier}]`, font }];
      case 'link': {
        const label = inlineRuns(node.children, font);
        const text = plainText(node.children);
        const href = safeHref(node.url);
        return !href || text === href || `${text}/` === href ? label : [...label, { text: ` (${href})`, font }];
      }
      case 'strong':
      case 'emphasis':
        return inlineRuns(node.children, styled(font, node.type));
      case 'delete':
      case 'linkReference':
        return inlineRuns(node.children, font);
      default:
        return [];
    }
  });
}

/** The words of a block as runs, for list items and table-less places that print a block inline. */
function blockRuns(block: RootContent): Run[] {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlineRuns(block.children);
    case 'list':
      // A nested list's items, a line each, marked as items.
      return joinRuns(block.children.map((item) => [{ text: '\u2013 ', font: 'regular' as const }, ...itemRuns(item)]));
    case 'code':
      return joinRuns(block.value.split('\n').map((line) => [{ text: line, font: 'mono' }]));
    case 'blockquote':
    case 'footnoteDefinition':
      return joinRuns(block.children.map(blockRuns));
    default:
      return [];
  }
}

/** A list item's words on one run of lines (nested lists are flattened into it, a line each). */
export function itemRuns(item: ListItem): Run[] {
  const box = taskBox(item);
  return [...(box ? [{ text: box, font: 'regular' as const }] : []), ...joinRuns(item.children.map(blockRuns))];
}

function joinRuns(parts: Run[][]): Run[] {
  return parts
    .filter((part) => part.length > 0)
    .flatMap((part, index) => (index === 0 ? part : [{ text: '\n', font: 'regular' as const }, ...part]));
}
