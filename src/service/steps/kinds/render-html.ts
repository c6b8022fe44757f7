import { renderHtmlDocument } from '../render-html';
import { markdownTextKind } from './markdown-text-kind';

/** Renders the previous step's markdown as a standalone HTML document. */
export const renderHtml = markdownTextKind({
  kind: 'render_html',
  label: 'Render HTML',
  returns: 'an HTML page',
  extension: 'html',
  makes: 'an HTML page',
  convert: renderHtmlDocument,
  describe: (filename) => `Turns the report into an HTML page (${filename}).`,
  description: 'the latest markdown file as an .html page.',
});
