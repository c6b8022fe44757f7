import { z } from 'zod';
import { defineKind } from '../kind';
import { fileText, textFile } from '../output-files';
import { markdownToPlainText } from '../plain-text';
import { files, markdownSource, specParts } from '../step-parts';

const spec = z.object({ kind: z.literal('plain_text'), filename: specParts.filename });

/** Writes the previous step's markdown as plain text. */
export const plainText = defineKind({
  kind: 'plain_text',
  spec,
  label: 'Plain text',
  seconds: 1,
  extension: 'txt',
  run(step, ctx) {
    const source = markdownSource(ctx, 'plain text');
    return files(textFile(step.filename, markdownToPlainText(fileText(source))));
  },
  describe: (step) => `Writes the report as plain text (${step.filename}).`,
  model: {
    description: 'the latest markdown file as plain .txt text.',
    parameters: {},
    fromAnswer(_answer, check) {
      check.markdownBefore();
      return { kind: 'plain_text', filename: check.filename };
    },
  },
});
