import { z } from 'zod';
import { defineKind, param } from '../kind';
import { binaryFile, fileText } from '../output-files';
import { renderPdfDocument } from '../pdf-document';
import { ANSWER_LIMITS as L, files, markdownSource, specParts } from '../step-parts';
import { renderTemplate } from '../templates/liquid';

const spec = z.object({
  kind: z.literal('pdf_document'),
  filename: specParts.filename,
  /** A template of the input (`{{ input.company }}`); the file name when it fills to nothing. */
  title: z.string(),
  syntax: specParts.syntax,
});

/** Lays out the previous step's markdown as a PDF. */
export const pdfDocument = defineKind({
  kind: 'pdf_document',
  spec,
  label: 'PDF document',
  returns: 'a PDF',
  seconds: 4,
  extension: 'pdf',
  async run(step, ctx) {
    const source = markdownSource(ctx, 'a PDF');
    const title = renderTemplate(step.title, { input: ctx.input }, { escape: 'none' }).trim() || step.filename;
    return files(binaryFile(step.filename, await renderPdfDocument(fileText(source), title)));
  },
  describe: (step) => `Lays the report out as a PDF (${step.filename}).`,
  model: {
    description: 'the latest markdown file laid out as a .pdf with "title".',
    parameters: {
      title: param.text(L.title, 'the document title', 'template'),
    },
    fromAnswer(answer, check) {
      check.markdownBefore();
      if (!check.required('a title', answer.title)) return null;
      check.template('title', answer.title);
      return { kind: 'pdf_document', filename: check.filename, title: answer.title, syntax: 'liquid' as const };
    },
  },
});
