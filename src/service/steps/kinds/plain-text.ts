import { markdownToPlainText } from '../plain-text';
import { markdownTextKind } from './markdown-text-kind';

/** Writes the previous step's markdown as plain text. */
export const plainText = markdownTextKind({
  kind: 'plain_text',
  label: 'Plain text',
  returns: 'a plain-text copy',
  extension: 'txt',
  makes: 'plain text',
  convert: (markdown) => markdownToPlainText(markdown),
  describe: (filename) => `Writes the report as plain text (${filename}).`,
  description: 'the latest markdown file as plain .txt text.',
});
