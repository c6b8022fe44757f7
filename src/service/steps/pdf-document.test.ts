import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfDrawing, renderPdfDocument } from './pdf-document';
import { MAX_PAGES, type DrawOp } from './pdf-layout';

const header = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes.slice(0, 5));

type TextOp = Extract<DrawOp, { kind: 'text' }>;
const texts = (ops: DrawOp[]) => ops.filter((op): op is TextOp => op.kind === 'text');

/** The drawn lines as a reader sees them: text ops on one page and baseline, left to right. */
function lines(ops: DrawOp[]): string[] {
  const byLine = new Map<string, TextOp[]>();
  for (const op of texts(ops)) {
    const key = `${op.page}:${op.y.toFixed(2)}`;
    byLine.set(key, [...(byLine.get(key) ?? []), op]);
  }
  return [...byLine.values()].map((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((op) => op.text)
      .join(''),
  );
}

const CERTIFICATE = [
  '# Course Certificate: Aiko Tanaka',
  '',
  'This certifies that **Aiko Tanaka**',
  'has successfully completed **Data Visualisation Basics** on 20 November 2026.',
  '',
  '## Details',
  '',
  '| Field | Value |',
  '| --- | --- |',
  '| Participant name | Aiko Tanaka |',
  '| Course title | Data Visualisation Basics |',
  '| Completion date | 20 November 2026 |',
].join('\n');

describe('renderPdfDocument', () => {
  it('writes a PDF with the title in its metadata', async () => {
    const bytes = await renderPdfDocument(
      '# Certificate\n\nAwarded to **Ada**.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |',
      'Certificate',
    );
    expect(header(bytes)).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Certificate');
    expect(doc.getPageCount()).toBe(1);
  });

  it('gives identical bytes for the same markdown', async () => {
    const a = await renderPdfDocument('# T\n\nSame text.', 'T');
    const b = await renderPdfDocument('# T\n\nSame text.', 'T');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('stops at the page limit and says where the rest is', async () => {
    const markdown = Array.from({ length: 13500 }, (_, i) => `- item ${i}`).join('\n');
    const doc = await PDFDocument.load(await renderPdfDocument(markdown, 'Huge'));
    expect(doc.getPageCount()).toBe(MAX_PAGES);
  });

  it('breaks long documents across pages and survives characters the font cannot draw', async () => {
    const paragraph = 'Ünïcödé → 東京 😀 and a verylongwordwithoutanyspaces'.repeat(3);
    const markdown = Array.from({ length: 120 }, (_, i) => `Paragraph ${i + 1}: ${paragraph}`).join('\n\n');
    const bytes = await renderPdfDocument(markdown, 'Long ✓ document');
    expect(header(bytes)).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(3);
  });

  it('keeps the space after a filled-in value, with the value in bold', async () => {
    const ops = await pdfDrawing(CERTIFICATE, 'Course Certificate: Aiko Tanaka');
    const paragraph = lines(ops).filter(
      (line) => !/^(?:Course Certificate|Details|Field|Participant|Course title|Completion)/.test(line),
    );
    expect(paragraph.join(' ')).toBe(
      'This certifies that Aiko Tanaka has successfully completed Data Visualisation Basics on 20 November 2026.',
    );
    expect(texts(ops).find((op) => op.text === 'Aiko Tanaka')).toMatchObject({ font: 'bold' });
    expect(texts(ops).find((op) => op.text.startsWith(' has successfully'))).toMatchObject({ font: 'regular' });
  });

  it('draws a Markdown table as a ruled grid with a bold header row, not as | text', async () => {
    const ops = await pdfDrawing(CERTIFICATE, 'Course Certificate: Aiko Tanaka');
    expect(texts(ops).some((op) => op.text.includes('|'))).toBe(false);
    const cell = (text: string) => texts(ops).find((op) => op.text === text)!;
    expect([cell('Field').font, cell('Value').font, cell('Participant name').font]).toEqual([
      'bold',
      'bold',
      'regular',
    ]);
    expect(cell('Aiko Tanaka').y).toBeDefined();
    const row = texts(ops)
      .filter((op) => op.y === cell('Participant name').y)
      .map((op) => op.text);
    expect(row).toEqual(['Participant name', 'Aiko Tanaka']);
    const verticals = [...new Set(ops.flatMap((op) => (op.kind === 'line' && op.x1 === op.x2 ? [op.x1] : [])))];
    expect(verticals).toHaveLength(3);
    const [left, middle, right] = verticals.sort((a, b) => a - b) as [number, number, number];
    expect(cell('Field').x).toBeGreaterThan(left);
    expect(cell('Field').x + cell('Field').width).toBeLessThan(middle);
    expect(cell('Value').x).toBeGreaterThan(middle);
    expect(cell('Value').x + cell('Value').width).toBeLessThan(right);
    const horizontals = new Set(ops.flatMap((op) => (op.kind === 'line' && op.y1 === op.y2 ? [op.y1.toFixed(2)] : [])));
    expect(horizontals.size).toBe(5);
    expect(ops.filter((op) => op.kind === 'fill')).toHaveLength(1);
  });

  it('wraps a long cell inside its column and keeps every word', async () => {
    const long = 'words that go on '.repeat(30).trim();
    const ops = await pdfDrawing(`| Name | Notes |\n| --- | --- |\n| Ann | ${long} |`, 'T');
    const verticals = [...new Set(ops.flatMap((op) => (op.kind === 'line' && op.x1 === op.x2 ? [op.x1] : [])))].sort(
      (a, b) => a - b,
    );
    const notes = texts(ops).filter((op) => op.text.includes('words'));
    expect(notes.length).toBeGreaterThan(2);
    for (const op of notes) {
      expect(op.x).toBeGreaterThan(verticals[1]!);
      expect(op.x + op.width).toBeLessThanOrEqual(verticals[2]!);
    }
    expect(notes.map((op) => op.text.trim()).join(' ')).toBe(long);
  });

  it('continues a long table on the next pages, the header row repeated at the top of each', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => `| Row ${i + 1} | value ${i + 1} |`);
    const ops = await pdfDrawing(['| Field | Value |', '| --- | --- |', ...rows].join('\n'), 'Long table');
    const pages = new Set(texts(ops).map((op) => op.page));
    expect(pages.size).toBeGreaterThan(2);
    for (const page of pages) {
      const onPage = texts(ops).filter((op) => op.page === page && op.text !== 'Long table');
      const top = onPage.reduce((a, b) => (b.y > a.y ? b : a));
      expect([top.text, top.font]).toEqual(['Field', 'bold']);
    }
    const drawn = texts(ops)
      .filter((op) => op.text.startsWith('Row '))
      .map((op) => op.text);
    expect(drawn).toEqual(rows.map((_, i) => `Row ${i + 1}`));
    // Nothing is drawn into the footer.
    for (const op of texts(ops)) expect(op.y).toBeGreaterThan(84);
  });

  it('continues a row taller than a page on the next page', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `w${i}`);
    const ops = await pdfDrawing(`| A | B |\n| --- | --- |\n| x | ${words.join(' ')} |`, 'T');
    expect(new Set(texts(ops).map((op) => op.page)).size).toBeGreaterThan(1);
    const drawn = texts(ops)
      .filter((op) => op.text.startsWith('w'))
      .flatMap((op) => op.text.trim().split(' '));
    expect(drawn).toEqual(words);
    for (const op of texts(ops)) expect(op.y).toBeGreaterThan(84);
  });

  it('keeps the lines and indentation of code, and a hard line break', async () => {
    const ops = await pdfDrawing('Line one  \nLine two\n\n```\nif (x) {\n    return 1;\n}\n```', 'T');
    const read = lines(ops).map((line) => line.replace(/\u00a0/g, ' '));
    expect(read).toEqual(['T', 'Line one', 'Line two', 'if (x) {', '    return 1;', '}']);
  });
});
