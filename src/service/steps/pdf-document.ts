import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  firstHeading,
  listStart,
  parseMarkdown,
  plainText,
  taskBox,
  type ListItem,
  type RootContent,
} from './markdown-tree';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const FOOTER = 28;
/** Past this the PDF says where the rest is, so one huge input cannot tie up the service for minutes. */
export const MAX_PAGES = 300;
const TEXT = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.4, 0.43, 0.47);

/** Look-alikes for common characters the standard PDF fonts (WinAnsi) cannot draw. */
const REPLACEMENTS: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2610': '[ ]',
  '\u2611': '[x]',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
}

interface Style {
  font: keyof Fonts;
  size: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  spaceBefore: number;
}

class Layout {
  private page: PDFPage;
  private y: number;
  private readonly charset: Set<number>;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.charset = new Set(fonts.regular.getCharacterSet());
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Replaces what the font cannot draw, so any input makes a valid PDF instead of an exception. */
  sanitize(text: string): string {
    let out = '';
    for (const char of text.replace(/\t/g, '    ')) {
      const code = char.codePointAt(0)!;
      if (this.charset.has(code)) out += char;
      else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
      else if (code >= 32) out += '?';
    }
    return out;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    const space = font.widthOfTextAtSize(' ', size);
    for (const paragraph of this.sanitize(text).split('\n')) {
      let line = '';
      let lineWidth = 0;
      // Standard fonts have no kerning, so a line's width is the sum of its words' widths.
      for (const word of paragraph.split(/ +/)) {
        const wordWidth = font.widthOfTextAtSize(word, size);
        const candidate = line ? lineWidth + space + wordWidth : wordWidth;
        if (candidate <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        lineWidth = wordWidth;
        // A word wider than the line is cut wherever it has to be.
        while (lineWidth > width && line.length > 1) {
          let cut = Math.max(1, Math.floor((line.length * width) / lineWidth));
          while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
          lines.push(line.slice(0, cut));
          line = line.slice(cut);
          lineWidth = font.widthOfTextAtSize(line, size);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Whether the page limit is reached; later text is dropped. */
  full = false;

  private ensureRoom(height: number): void {
    if (this.y - height < MARGIN + FOOTER) {
      if (this.doc.getPageCount() >= MAX_PAGES) {
        this.full = true;
        return;
      }
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - MARGIN;
    }
  }

  text(text: string, style: Style, prefix = ''): void {
    const font = this.fonts[style.font];
    const indent = style.indent ?? 0;
    const prefixWidth = prefix ? font.widthOfTextAtSize(prefix, style.size) : 0;
    const width = PAGE.width - 2 * MARGIN - indent - prefixWidth;
    const lineHeight = style.size * 1.4;
    this.y -= style.spaceBefore;
    this.wrap(text, font, style.size, width).forEach((line, index) => {
      if (this.full) return;
      this.ensureRoom(lineHeight);
      if (this.full) return;
      this.y -= lineHeight;
      const x = MARGIN + indent;
      if (index === 0 && prefix)
        this.page.drawText(prefix, { x, y: this.y, size: style.size, font, color: style.color ?? TEXT });
      this.page.drawText(line, { x: x + prefixWidth, y: this.y, size: style.size, font, color: style.color ?? TEXT });
    });
  }

  rule(): void {
    this.ensureRoom(16);
    if (this.full) return;
    this.y -= 10;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE.width - MARGIN, y: this.y },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 6;
  }

  footers(): void {
    const pages = this.doc.getPages();
    if (this.full) {
      const last = pages[pages.length - 1]!;
      const note = `The document is longer than ${MAX_PAGES} pages; the rest is in the Markdown file.`;
      last.drawText(note, { x: MARGIN, y: MARGIN / 2 + 12, size: 8, font: this.fonts.bold, color: MUTED });
    }
    pages.forEach((page, index) => {
      const label = `Page ${index + 1} of ${pages.length}`;
      const width = this.fonts.regular.widthOfTextAtSize(label, 8);
      page.drawText(label, {
        x: (PAGE.width - width) / 2,
        y: MARGIN / 2,
        size: 8,
        font: this.fonts.regular,
        color: MUTED,
      });
    });
  }
}

/** A list item's words on one run of lines (nested lists are flattened into it). */
function itemText(item: ListItem): string {
  return taskBox(item) + item.children.map(blockPlain).join('\n');
}

function blockPlain(block: RootContent): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return plainText(block.children);
    case 'list':
      return block.children.map(itemText).join('\n');
    case 'code':
      return block.value;
    case 'blockquote':
    case 'footnoteDefinition':
      return block.children.map(blockPlain).join('\n');
    default:
      return '';
  }
}

const HEADING_SIZES = [16, 14, 12.5, 11.5, 11, 11];

/** Gives other work (HTTP requests) a turn while a long document is laid out. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function layBlocks(layout: Layout, blocks: RootContent[], indent: number): Promise<void> {
  for (const [index, block] of blocks.entries()) {
    if (layout.full) return;
    if (index % 50 === 49) await yieldToLoop();
    switch (block.type) {
      case 'heading':
        layout.text(plainText(block.children), {
          font: 'bold',
          size: HEADING_SIZES[block.depth - 1] ?? 11,
          indent,
          spaceBefore: 12,
        });
        break;
      case 'paragraph':
        layout.text(plainText(block.children), { font: 'regular', size: 10.5, indent, spaceBefore: 6 });
        break;
      case 'code':
        layout.text(block.value, { font: 'mono', size: 9, indent: indent + 8, spaceBefore: 6 });
        break;
      case 'blockquote':
      case 'footnoteDefinition':
        await layBlocks(layout, block.children, indent + 14);
        break;
      case 'thematicBreak':
        layout.rule();
        break;
      case 'list':
        for (const [item, child] of block.children.entries()) {
          if (item % 200 === 199) await yieldToLoop();
          const marker = block.ordered ? `${listStart(block) + item}.  ` : '\u2022  ';
          layout.text(
            itemText(child),
            { font: 'regular', size: 10.5, indent: indent + 8, spaceBefore: item === 0 ? 6 : 2 },
            marker,
          );
        }
        break;
      case 'table': {
        const [head, ...rows] = block.children.map((row) => row.children.map((cell) => plainText(cell.children)));
        layout.text((head ?? []).join('  |  '), { font: 'bold', size: 10, indent, spaceBefore: 8 });
        for (const [row, cells] of rows.entries()) {
          if (row % 200 === 199) await yieldToLoop();
          layout.text(cells.join('  |  '), { font: 'regular', size: 10, indent, spaceBefore: 2 });
        }
        break;
      }
    }
  }
}

/**
 * Lays out markdown as an A4 PDF with a title, wrapped text and numbered pages. Metadata dates are
 * left out so the same markdown always gives the same bytes.
 */
export async function renderPdfDocument(markdown: string, title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  const layout = new Layout(doc, fonts);
  doc.setTitle(layout.sanitize(title));
  doc.setProducer('Workflow Automation local service');
  let blocks = parseMarkdown(markdown).children;
  // The markdown's own top heading usually repeats the title; print it once.
  const first = blocks[0];
  if (first?.type === 'heading' && first.depth === 1 && firstHeading([first])?.trim() === title.trim())
    blocks = blocks.slice(1);
  layout.text(title, { font: 'bold', size: 20, spaceBefore: 0 });
  await layBlocks(layout, blocks, 0);
  layout.footers();
  return doc.save({ objectsPerTick: 50 });
}
