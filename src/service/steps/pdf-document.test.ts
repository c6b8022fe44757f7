import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { MAX_PAGES, renderPdfDocument } from './pdf-document';

const header = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes.slice(0, 5));

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
});
