import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';

/**
 * Markdown as an mdast tree (CommonMark with GFM tables, strikethrough, autolinks and task lists),
 * read by remark. The HTML, PDF and plain-text renderers walk the same tree, so they agree on what
 * a document says.
 */

/** Raw HTML is read as text: a report shows `<script>` rather than carrying it. */
function htmlAsText(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: ['htmlFlow', 'htmlText'] } });
}

/** The reader every renderer starts from; the HTML renderer adds its output stages to a copy. */
export const markdownReader = unified().use(remarkParse).use(remarkGfm).use(htmlAsText).freeze();

// The mdast node types, as the parser gives them (so the `mdast` types package need not be listed).
type Root = ReturnType<typeof markdownReader.parse>;
export type RootContent = Root['children'][number];
type Node<Type extends RootContent['type']> = Extract<RootContent, { type: Type }>;
type Heading = Node<'heading'>;
type List = Node<'list'>;
export type ListItem = Node<'listItem'>;
export type Table = Node<'table'>;
export type PhrasingContent = Node<'paragraph'>['children'][number];

/** Reads markdown into a tree. Never throws; anything it does not know is a paragraph. */
export function parseMarkdown(markdown: string): Root {
  return markdownReader.parse(markdown);
}

/** Only absolute http(s) links survive, so a report can never carry a script URL. */
export function safeHref(href: string): string | null {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The words of inline markdown without its markup; links keep their address when it differs. */
export function plainText(nodes: PhrasingContent[]): string {
  return nodes
    .map((node): string => {
      switch (node.type) {
        case 'text':
        case 'inlineCode':
          return node.value;
        case 'break':
          return '\n';
        case 'image':
          return node.alt ?? '';
        case 'footnoteReference':
          return `[${node.label ?? node.identifier}]`;
        case 'link': {
          const label = plainText(node.children);
          const href = safeHref(node.url);
          return !href || label === href || `${label}/` === href ? label : `${label} (${href})`;
        }
        case 'emphasis':
        case 'strong':
        case 'delete':
        case 'linkReference':
          return plainText(node.children);
        default:
          return '';
      }
    })
    .join('');
}

/** A task list item's box as the text it was written as (`[ ] `), since reports print it as such. */
export function taskBox(item: ListItem): string {
  if (item.checked === null || item.checked === undefined) return '';
  return item.checked ? '[x] ' : '[ ] ';
}

/** The number of a list's first item (1 for bullets). */
export const listStart = (list: List): number => (list.ordered ? (list.start ?? 1) : 1);

/** The text of the first heading, used as a document's title. */
export function firstHeading(blocks: RootContent[]): string | null {
  const heading = blocks.find((block): block is Heading => block.type === 'heading');
  return heading ? plainText(heading.children) : null;
}

/** Each block rendered and joined by `separator`; a block that renders to nothing (a link definition) leaves no gap. */
export function joinBlocks(blocks: RootContent[], render: (block: RootContent) => string, separator: string): string {
  return blocks
    .map(render)
    .filter((text) => text !== '')
    .join(separator);
}
