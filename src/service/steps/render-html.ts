import { firstHeading, parseBlocks, parseInline, type Block, type Inline } from './markdown-blocks';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

function inlineHtml(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return escapeHtml(node.text);
        case 'code':
          return `<code>${escapeHtml(node.text)}</code>`;
        case 'strong':
          return `<strong>${inlineHtml(node.children)}</strong>`;
        case 'em':
          return `<em>${inlineHtml(node.children)}</em>`;
        case 'strike':
          return `<del>${inlineHtml(node.children)}</del>`;
        case 'break':
          return '<br>';
        case 'link':
          return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer">${inlineHtml(node.children)}</a>`;
      }
    })
    .join('');
}

const inline = (text: string) => inlineHtml(parseInline(text));

function blockHtml(block: Block): string {
  switch (block.type) {
    case 'heading':
      return `<h${block.level}>${inline(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inline(block.text)}</p>`;
    case 'rule':
      return '<hr>';
    case 'code':
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'quote':
      return `<blockquote>\n${blocksHtml(block.blocks)}\n</blockquote>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const start = block.ordered && block.start !== 1 ? ` start="${block.start}"` : '';
      return `<${tag}${start}>\n${block.items.map((item) => `<li>${inline(item)}</li>`).join('\n')}\n</${tag}>`;
    }
    case 'table': {
      const style = (column: number) => {
        const align = block.align[column];
        return align ? ` style="text-align:${align}"` : '';
      };
      const head = block.header.map((cell, column) => `<th${style(column)}>${inline(cell)}</th>`).join('');
      const rows = block.rows.map(
        (row) => `<tr>${row.map((cell, column) => `<td${style(column)}>${inline(cell)}</td>`).join('')}</tr>`,
      );
      return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table>`;
    }
  }
}

function blocksHtml(blocks: Block[]): string {
  return blocks.map(blockHtml).join('\n');
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
].join('\n');

/**
 * Renders markdown as a standalone HTML document. Every character of the input is escaped unless
 * it is markdown syntax we render, links are http(s) only, and the page carries no script.
 */
export function renderHtmlDocument(markdown: string, fallbackTitle: string): string {
  const blocks = parseBlocks(markdown);
  const title = firstHeading(blocks) ?? fallbackTitle;
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
    blocksHtml(blocks),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
