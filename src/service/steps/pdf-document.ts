import { PDFDocument, StandardFonts } from 'pdf-lib';
import { firstHeading, listStart, parseMarkdown, type RootContent } from './markdown-tree';
import { Layout, yieldToLoop, type DrawOp } from './pdf-layout';
import { inlineRuns, itemRuns, type Fonts } from './pdf-runs';

const HEADING_SIZES = [16, 14, 12.5, 11.5, 11, 11];

async function layBlocks(layout: Layout, blocks: RootContent[], indent: number): Promise<void> {
  for (const [index, block] of blocks.entries()) {
    if (layout.full) return;
    if (index % 50 === 49) await yieldToLoop();
    switch (block.type) {
      case 'heading':
        layout.text(inlineRuns(block.children, 'bold'), {
          font: 'bold',
          size: HEADING_SIZES[block.depth - 1] ?? 11,
          indent,
          spaceBefore: 12,
        });
        break;
      case 'paragraph':
        layout.text(inlineRuns(block.children), { font: 'regular', size: 10.5, indent, spaceBefore: 6 });
        break;
      case 'code':
        layout.preformatted(block.value, { font: 'mono', size: 9, indent: indent + 8, spaceBefore: 6 });
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
            itemRuns(child),
            { font: 'regular', size: 10.5, indent: indent + 8, spaceBefore: item === 0 ? 6 : 2 },
            marker,
          );
        }
        break;
      case 'table':
        await layout.table(block, indent);
        break;
    }
  }
}

async function layOut(markdown: string, title: string): Promise<{ doc: PDFDocument; layout: Layout }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
    boldItalic: await doc.embedFont(StandardFonts.HelveticaBoldOblique),
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
  layout.text([{ text: title, font: 'bold' }], { font: 'bold', size: 20, spaceBefore: 0 });
  await layBlocks(layout, blocks, 0);
  layout.footers();
  return { doc, layout };
}

/** What renderPdfDocument draws, page by page, for reading the layout in tests. */
export async function pdfDrawing(markdown: string, title: string): Promise<DrawOp[]> {
  return (await layOut(markdown, title)).layout.ops;
}

/**
 * Lays out markdown as an A4 PDF with a title, wrapped text, ruled tables and numbered pages.
 * Metadata dates are left out so the same markdown always gives the same bytes.
 */
export async function renderPdfDocument(markdown: string, title: string): Promise<Uint8Array> {
  const { doc } = await layOut(markdown, title);
  return doc.save({ objectsPerTick: 50 });
}
