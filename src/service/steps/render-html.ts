import {
  firstHeading,
  joinBlocks,
  listStart,
  parseMarkdown,
  plainText,
  safeHref,
  taskBox,
  type ListItem,
  type PhrasingContent,
  type RootContent,
  type Table,
  type TableRow,
} from './markdown-tree';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

function inlineHtml(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
          return escapeHtml(node.value);
        case 'inlineCode':
          return `<code>${escapeHtml(node.value)}</code>`;
        case 'strong':
          return `<strong>${inlineHtml(node.children)}</strong>`;
        case 'emphasis':
          return `<em>${inlineHtml(node.children)}</em>`;
        case 'delete':
          return `<del>${inlineHtml(node.children)}</del>`;
        case 'break':
          return '<br>';
        case 'link': {
          const href = safeHref(node.url);
          const label = inlineHtml(node.children);
          return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${label}</a>` : label;
        }
        default:
          // Images are not loaded (a report fetches nothing); they and the rest read as their text.
          return escapeHtml(plainText([node]));
      }
    })
    .join('');
}

function itemHtml(item: ListItem): string {
  // A tight item's paragraph is its text, as GitHub renders it.
  const parts = item.children.map((child) =>
    child.type === 'paragraph' && !item.spread ? inlineHtml(child.children) : blockHtml(child),
  );
  return `<li>${escapeHtml(taskBox(item))}${parts.join('\n')}</li>`;
}

function tableHtml(table: Table): string {
  const style = (column: number) => {
    const align = table.align?.[column];
    return align ? ` style="text-align:${align}"` : '';
  };
  const cells = (row: TableRow, tag: 'th' | 'td') =>
    row.children.map((cell, column) => `<${tag}${style(column)}>${inlineHtml(cell.children)}</${tag}>`).join('');
  const [head, ...rows] = table.children;
  const body = rows.map((row) => `<tr>${cells(row, 'td')}</tr>`);
  return `<table>\n<thead><tr>${head ? cells(head, 'th') : ''}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table>`;
}

function blockHtml(block: RootContent): string {
  switch (block.type) {
    case 'heading':
      return `<h${block.depth}>${inlineHtml(block.children)}</h${block.depth}>`;
    case 'paragraph':
      return `<p>${inlineHtml(block.children)}</p>`;
    case 'thematicBreak':
      return '<hr>';
    case 'code':
      return `<pre><code>${escapeHtml(block.value)}</code></pre>`;
    case 'blockquote':
    case 'footnoteDefinition':
      return `<blockquote>\n${joinBlocks(block.children, blockHtml, '\n')}\n</blockquote>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const start = listStart(block);
      const startAttribute = block.ordered && start !== 1 ? ` start="${start}"` : '';
      return `<${tag}${startAttribute}>\n${block.children.map(itemHtml).join('\n')}\n</${tag}>`;
    }
    case 'listItem':
      return itemHtml(block);
    case 'table':
      return tableHtml(block);
    default:
      // Link definitions print nothing; raw HTML is read as text, so no other block occurs.
      return '';
  }
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
  const blocks = parseMarkdown(markdown).children;
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
    joinBlocks(blocks, blockHtml, '\n'),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
