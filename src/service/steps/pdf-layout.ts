import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { Table } from './markdown-tree';
import { inlineRuns, type Fonts, type FontName, type Run } from './pdf-runs';
import { TextWrapper, type Line, type Piece } from './pdf-wrap';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const FOOTER = 28;
/** Past this the PDF says where the rest is, so one huge input cannot tie up the service for minutes. */
export const MAX_PAGES = 300;
const TEXT = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.4, 0.43, 0.47);
const RULE = rgb(0.62, 0.65, 0.69);
const HEADER_FILL = rgb(0.93, 0.94, 0.95);
/** Space between a table cell's border and its text. */
const CELL_PAD = { x: 5, y: 4 };

/** What was drawn, in order: lets tests read the layout without a PDF text extractor. */
export type DrawOp =
  | { kind: 'text'; page: number; x: number; y: number; width: number; text: string; font: FontName; size: number }
  | { kind: 'line'; page: number; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'fill'; page: number; x: number; y: number; width: number; height: number };

export interface Style {
  font: FontName;
  size: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  spaceBefore: number;
}

/** Gives other work (HTTP requests) a turn while a long document is laid out. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Align = 'left' | 'center' | 'right';

export class Layout extends TextWrapper {
  private page: PDFPage;
  private pageIndex = 0;
  private y: number;
  readonly ops: DrawOp[] = [];

  constructor(
    private readonly doc: PDFDocument,
    fonts: Fonts,
  ) {
    super(fonts);
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - MARGIN;
  }

  /** Whether the page limit is reached; later text is dropped. */
  full = false;

  /** Starts a new page; false (and `full`) at the page limit. */
  private newPage(): boolean {
    if (this.doc.getPageCount() >= MAX_PAGES) {
      this.full = true;
      return false;
    }
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageIndex++;
    this.y = PAGE.height - MARGIN;
    return true;
  }

  private room(): number {
    return this.y - (MARGIN + FOOTER);
  }

  private ensureRoom(height: number): void {
    if (height > this.room()) this.newPage();
  }

  private drawPieces(pieces: Piece[], x: number, y: number, size: number, color = TEXT): void {
    let at = x;
    for (const piece of pieces) {
      if (piece.text.trim() !== '') {
        this.page.drawText(piece.text, { x: at, y, size, font: this.fonts[piece.font], color });
        this.ops.push({
          kind: 'text',
          page: this.pageIndex,
          x: at,
          y,
          width: piece.width,
          text: piece.text,
          font: piece.font,
          size,
        });
      }
      at += piece.width;
    }
  }

  private drawLine(x1: number, y1: number, x2: number, y2: number): void {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.6, color: RULE });
    this.ops.push({ kind: 'line', page: this.pageIndex, x1, y1, x2, y2 });
  }

  private fill(x: number, y: number, width: number, height: number): void {
    this.page.drawRectangle({ x, y, width, height, color: HEADER_FILL });
    this.ops.push({ kind: 'fill', page: this.pageIndex, x, y, width, height });
  }

  /** Inline runs as wrapped lines; a prefix (a list marker) hangs before the first line. */
  text(runs: Run[], style: Style, prefix = ''): void {
    const indent = style.indent ?? 0;
    const prefixWidth = prefix ? this.width(prefix, style.font, style.size) : 0;
    const width = PAGE.width - 2 * MARGIN - indent - prefixWidth;
    const lineHeight = style.size * 1.4;
    this.y -= style.spaceBefore;
    this.wrap(runs, style.size, width).forEach((line, index) => {
      if (this.full) return;
      this.ensureRoom(lineHeight);
      if (this.full) return;
      this.y -= lineHeight;
      const x = MARGIN + indent;
      if (index === 0 && prefix)
        this.drawPieces([{ text: prefix, font: style.font, width: prefixWidth }], x, this.y, style.size, style.color);
      this.drawPieces(line.pieces, x + prefixWidth, this.y, style.size, style.color);
    });
  }

  /** Text as written, every line and space kept (code), cut where a line is wider than the page. */
  preformatted(text: string, style: Style): void {
    const runs = text.split('\n').flatMap((line, index) => [
      ...(index > 0 ? [{ text: '\n', font: style.font }] : []),
      // Non-breaking spaces keep the indentation, which wrapping would otherwise fold.
      { text: line.replace(/ /g, '\u00a0'), font: style.font },
    ]);
    this.text(runs, style);
  }

  rule(): void {
    this.ensureRoom(16);
    if (this.full) return;
    this.y -= 10;
    this.drawLine(MARGIN, this.y, PAGE.width - MARGIN, this.y);
    this.y -= 6;
  }

  /**
   * Column widths that fill the line: each column's natural width when they all fit; else each gets
   * its widest word (up to an equal share), and the rest is poured evenly into the columns still
   * narrower than their text, so short columns stay on one line and long ones share what is left.
   */
  private columnWidths(rows: Run[][][], size: number, available: number, count: number): number[] {
    const natural = Array.from({ length: count }, () => 0);
    const least = Array.from({ length: count }, () => 0);
    for (const row of rows)
      row.forEach((cell, column) => {
        const measured = this.measure(cell, size);
        natural[column] = Math.max(natural[column]!, measured.natural + 2 * CELL_PAD.x);
        least[column] = Math.max(least[column]!, measured.least + 2 * CELL_PAD.x);
      });
    const total = natural.reduce((sum, width) => sum + width, 0);
    if (total <= available) return natural.map((width) => (width * available) / Math.max(total, 1));
    const widths = least.map((width) => Math.min(width, available / count));
    for (;;) {
      const spare = available - widths.reduce((sum, width) => sum + width, 0);
      const wanting = widths.flatMap((width, column) => (width < natural[column]! - 0.01 ? [column] : []));
      if (spare < 0.01 || wanting.length === 0) break;
      const share = spare / wanting.length;
      for (const column of wanting) widths[column] = Math.min(natural[column]!, widths[column]! + share);
    }
    return widths;
  }

  /**
   * A Markdown table as a ruled grid: the header row bold on a shaded band and repeated at the top
   * of each page the table runs onto, cells wrapped within their column, and a row taller than a
   * page continued on the next.
   */
  async table(table: Table, indent: number): Promise<void> {
    const size = 9.5;
    const lineHeight = size * 1.35;
    const rows = table.children.map((row, index) =>
      row.children.map((cell) => inlineRuns(cell.children, index === 0 ? 'bold' : 'regular')),
    );
    const count = Math.max(1, ...rows.map((row) => row.length));
    for (const row of rows) while (row.length < count) row.push([]);
    const x0 = MARGIN + indent;
    const widths = this.columnWidths(rows, size, PAGE.width - MARGIN - x0, count);
    const edges = widths.reduce<number[]>((at, width) => [...at, at.at(-1)! + width], [x0]);
    const aligns: Align[] = Array.from({ length: count }, (_, column) => table.align?.[column] ?? 'left');
    const laid = rows.map((row) => row.map((cell, column) => this.wrap(cell, size, widths[column]! - 2 * CELL_PAD.x)));
    const height = (lines: number) => lines * lineHeight + 2 * CELL_PAD.y;

    const drawSlice = (cells: Line[][], from: number, to: number, header: boolean) => {
      const top = this.y;
      const bottom = top - height(to - from);
      if (header) this.fill(x0, bottom, edges.at(-1)! - x0, top - bottom);
      cells.forEach((lines, column) => {
        const left = edges[column]! + CELL_PAD.x;
        const inner = widths[column]! - 2 * CELL_PAD.x;
        lines.slice(from, to).forEach((line, index) => {
          const shift =
            aligns[column] === 'right'
              ? inner - line.width
              : aligns[column] === 'center'
                ? (inner - line.width) / 2
                : 0;
          const baseline = top - CELL_PAD.y - (index + 1) * lineHeight + size * 0.3;
          this.drawPieces(line.pieces, left + Math.max(0, shift), baseline, size);
        });
      });
      this.drawLine(x0, top, edges.at(-1)!, top);
      this.drawLine(x0, bottom, edges.at(-1)!, bottom);
      for (const edge of edges) this.drawLine(edge, top, edge, bottom);
      this.y = bottom;
    };
    const header = laid[0]!;
    const headerLines = Math.max(1, ...header.map((lines) => lines.length));
    // A header row taller than a third of a page is not repeated: it would leave little room for rows.
    const repeat = height(headerLines) < (PAGE.height - 2 * MARGIN - FOOTER) / 3;
    const drawRow = (cells: Line[][], isHeader: boolean) => {
      const lines = Math.max(1, ...cells.map((cellLines) => cellLines.length));
      // A row that fits on a fresh page is never split; the header row keeps the first body row with it.
      const keep = isHeader && laid.length > 1 ? Math.max(1, ...laid[1]!.map((l) => l.length)) : 0;
      if (
        height(lines) + (keep ? height(keep) : 0) > this.room() &&
        height(lines) <= PAGE.height - 2 * MARGIN - FOOTER
      ) {
        if (!this.newPage()) return;
        if (!isHeader && repeat) drawSlice(header, 0, headerLines, true);
      }
      let from = 0;
      while (from < lines && !this.full) {
        const fit = Math.floor((this.room() - 2 * CELL_PAD.y) / lineHeight);
        if (fit < 1) {
          if (!this.newPage()) return;
          if (!isHeader && repeat) drawSlice(header, 0, headerLines, true);
          continue;
        }
        const to = Math.min(lines, from + fit);
        drawSlice(cells, from, to, isHeader);
        from = to;
      }
    };
    this.y -= 8;
    for (const [index, cells] of laid.entries()) {
      if (this.full) return;
      if (index % 200 === 199) await yieldToLoop();
      drawRow(cells, index === 0);
    }
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
