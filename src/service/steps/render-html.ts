import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { firstHeading, markdownReader, safeHref } from './markdown-tree';

/**
 * Markdown to HTML by remark-rehype and rehype-stringify. Raw HTML in the input is already read as
 * text by `markdownReader`, and remark-rehype would drop it anyway (no `allowDangerousHtml`); the
 * one pass of our own, `reportSafe`, narrows links and images to what a report may carry.
 */
const htmlTreeMaker = markdownReader().use(remarkRehype).freeze();
const htmlWriter = htmlTreeMaker()
  .use(reportSafe)
  // Named references (`&lt;`, `&amp;`) read better in a saved file than the default hex ones.
  .use(rehypeStringify, { characterReferences: { useNamedReferences: true } })
  .freeze();

type HtmlRoot = ReturnType<typeof htmlTreeMaker.runSync>;
type HtmlNode = HtmlRoot['children'][number];
type HtmlElement = Extract<HtmlNode, { type: 'element' }>;

function reportSafe() {
  return (tree: HtmlRoot) => {
    tree.children = tree.children.flatMap(makeSafe) as HtmlRoot['children'];
  };
}

/** One node as a report may carry it: none, itself, or what replaces it. */
function makeSafe(node: HtmlNode): HtmlNode[] {
  if (node.type !== 'element') return [node];
  const replaced = replacement(node);
  if (replaced) return replaced.flatMap(makeSafe);
  node.children = node.children.flatMap(makeSafe) as HtmlElement['children'];
  return [node];
}

/** What stands in for `element`, or null when it stays (its attributes made safe). */
function replacement(element: HtmlElement): HtmlNode[] | null {
  const { properties } = element;
  switch (element.tagName) {
    case 'a': {
      // Footnote references and back links point inside the document; anything else must be http(s).
      const href = String(properties.href ?? '');
      if (href.startsWith('#')) return null;
      const safe = safeHref(href);
      if (!safe) return element.children;
      element.properties = { href: safe, rel: ['noopener', 'noreferrer'] };
      return null;
    }
    case 'img':
      // A report fetches nothing: an image reads as its description.
      return [{ type: 'text', value: String(properties.alt ?? '') }];
    case 'input':
      // A task list's box, as it was written, since a disabled checkbox does not print or copy.
      return [{ type: 'text', value: properties.checked ? '[x]' : '[ ]' }];
    case 'th':
    case 'td':
      // `align` is obsolete in HTML5; the style says the same.
      if (properties.align) element.properties = { style: `text-align:${String(properties.align)}` };
      return null;
    default:
      return null;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

const STYLE = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.55;color:#1f2328;background:#fff;margin:0}',
  'main{max-width:46rem;margin:0 auto;padding:2rem 1.25rem}',
  'h1,h2,h3{line-height:1.25}',
  'a{color:#0b57d0}',
  'code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:#f3f4f6;padding:.1em .3em;border-radius:4px}',
  'pre{background:#f3f4f6;padding:1rem;overflow:auto;border-radius:6px}',
  'pre code{background:none;padding:0}',
  'blockquote{margin:0;padding:0 1rem;border-left:4px solid #d0d7de;color:#57606a}',
  'table{border-collapse:collapse;margin:1rem 0}',
  'th,td{border:1px solid #d0d7de;padding:.4rem .7rem;text-align:left;vertical-align:top}',
  'th{background:#f6f8fa}',
  'li.task-list-item{list-style:none}',
  // The footnotes' "Footnotes" heading is for screen readers, as on GitHub.
  '.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}',
].join('\n');

/**
 * Renders markdown as a standalone HTML document. Every character of the input is escaped unless
 * it is markdown syntax we render, links are http(s) only, and the page carries no script.
 */
export function renderHtmlDocument(markdown: string, fallbackTitle: string): string {
  const tree = htmlWriter.parse(markdown);
  const title = firstHeading(tree.children) ?? fallbackTitle;
  const body = htmlWriter.stringify(htmlWriter.runSync(tree));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>\n${STYLE}\n</style>`,
    '</head>',
    '<body>',
    '<main>',
    body,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
