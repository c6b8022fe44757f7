import { z } from 'zod';
import { defineKind } from '../kind';
import { fileText, textFile } from '../output-files';
import { renderHtmlDocument } from '../render-html';
import { files, markdownSource, specParts } from '../step-parts';

const spec = z.object({ kind: z.literal('render_html'), filename: specParts.filename });

/** Renders the previous step's markdown as a standalone HTML document. */
export const renderHtml = defineKind({
  kind: 'render_html',
  spec,
  label: 'Render HTML',
  seconds: 1,
  extension: 'html',
  run(step, ctx) {
    const source = markdownSource(ctx, 'an HTML page');
    return files(textFile(step.filename, renderHtmlDocument(fileText(source), step.filename)));
  },
  describe: (step) => `Turns the report into an HTML page (${step.filename}).`,
  model: {
    description: 'the latest markdown file as an .html page.',
    parameters: {},
    fromAnswer(_answer, check) {
      check.markdownBefore();
      return { kind: 'render_html', filename: check.filename };
    },
  },
});
