/**
 * A small markdown reader for the subset our reports use (CommonMark-ish with GFM tables), shared by
 * the HTML, PDF and plain-text renderers so they agree on what a document says.
 */

export type Align = 'left' | 'center' | 'right' | null;

export type Block =
  | { type: 'heading'; level: number; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  | { type: 'code'; text: string }
  | { type: 'quote'; blocks: Block[] }
  | { type: 'rule' }
  | { type: 'table'; header: string[]; align: Align[]; rows: string[][] };

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'strike'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

// Each pattern lets a run of spaces be read by one quantifier only: two that could share the run
// make a line of spaces followed by a stray character quadratic (see linear-patterns.test.ts).
const HEADING = /^ {0,3}(#{1,6})(?:[ \t](.*))?$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const BULLET = /^ {0,3}([-*+])[ \t]+(\S.*)?$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+(\S.*)?$/;
const QUOTE = /^ {0,3}>[ \t]?(.*)$/;
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*(?:\|[ \t]*)?$/;

/** Splits a table row on pipes that are not escaped or inside code. */
export function splitTableRow(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && text[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (char === '`') {
      inCode = !inCode;
      cell += char;
    } else if (char === '|' && !inCode) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

const isSpaceOrTab = (char: string | undefined) => char === ' ' || char === '\t';

/** A heading's text without its optional closing `#`s: `## Title ##` → `Title`, `# C#` keeps its `#`. */
function headingText(raw: string): string {
  let start = 0;
  let end = raw.length;
  while (start < end && isSpaceOrTab(raw[start])) start++;
  while (end > start && isSpaceOrTab(raw[end - 1])) end--;
  let hashes = end;
  while (hashes > start && raw[hashes - 1] === '#') hashes--;
  if (hashes < end && hashes > start && isSpaceOrTab(raw[hashes - 1])) {
    end = hashes;
    while (end > start && isSpaceOrTab(raw[end - 1])) end--;
  }
  return raw.slice(start, end);
}

function alignOf(cell: string): Align {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  if (left) return 'left';
  return null;
}

const startsBlock = (line: string): boolean =>
  HEADING.test(line) ||
  RULE.test(line) ||
  FENCE.test(line) ||
  BULLET.test(line) ||
  ORDERED.test(line) ||
  QUOTE.test(line);

/** Reads markdown into blocks. Never throws; anything it does not know is a paragraph. */
export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1]!.length, text: headingText(heading[2] ?? '').trim() });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(QUOTE.exec(lines[i++]!)![1]!);
      blocks.push({ type: 'quote', blocks: parseBlocks(body.join('\n')) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = !bullet;
      const items: string[] = [];
      const itemPattern = isOrdered ? ORDERED : BULLET;
      while (i < lines.length) {
        const current = lines[i]!;
        const item = itemPattern.exec(current);
        if (item) {
          items.push(item[2] ?? '');
          i++;
        } else if (current.trim() !== '' && /^\s{2,}/.test(current) && items.length > 0) {
          // An indented line continues the item above it.
          items[items.length - 1] += `\n${current.trim()}`;
          i++;
        } else break;
      }
      blocks.push({ type: 'list', ordered: isOrdered, start: ordered ? Number(ordered[1]) : 1, items });
      continue;
    }
    const next = lines[i + 1];
    if (line.includes('|') && next !== undefined && next.includes('-') && TABLE_DELIMITER.test(next)) {
      const header = splitTableRow(line);
      const align = splitTableRow(next).map(alignOf);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim() !== '' && lines[i]!.includes('|') && !startsBlock(lines[i]!)) {
        const cells = splitTableRow(lines[i++]!);
        rows.push(header.map((_, column) => cells[column] ?? ''));
      }
      blocks.push({ type: 'table', header, align: header.map((_, column) => align[column] ?? null), rows });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && (body.length === 0 || !startsBlock(lines[i]!))) {
      const candidate = lines[i + 1];
      if (
        body.length > 0 &&
        lines[i]!.includes('|') &&
        candidate !== undefined &&
        TABLE_DELIMITER.test(candidate) &&
        candidate.includes('-')
      )
        break;
      body.push(lines[i++]!.trim());
    }
    blocks.push({ type: 'paragraph', text: body.join('\n') });
  }
  return blocks;
}

/** CommonMark's ASCII punctuation, which a backslash escapes. */
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const ESCAPED_PUNCTUATION = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g;
const BARE_URL = /^https?:\/\/[^\s<>"'`]+/i;

function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0 && /[.,;:!?*_~'"]/.test(url[end - 1]!)) end--;
  let trimmed = url.slice(0, end);
  while (trimmed.endsWith(')') && (trimmed.match(/\(/g)?.length ?? 0) < (trimmed.match(/\)/g)?.length ?? 0))
    trimmed = trimmed.slice(0, -1);
  return trimmed;
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

function findClosing(text: string, from: number, delimiter: string): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const close = text.indexOf(run, i + run.length);
      if (close !== -1) {
        i = close + run.length - 1;
        continue;
      }
    }
    if (text.startsWith(delimiter, i)) {
      if (delimiter.length === 1 && text[i + 1] === delimiter) {
        i++;
        continue;
      }
      if (delimiter[0] === '_' && /[\p{L}\p{N}]/u.test(text[i + delimiter.length] ?? '')) continue;
      if (i > from && !/\s/.test(text[i - 1]!)) return i;
    }
  }
  return -1;
}

/** Reads inline markdown: code, strong, emphasis, strikethrough, links, autolinks, hard breaks. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const rest = text.slice(i);
    if (char === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        flush();
        out.push({ type: 'break' });
        i += 2;
        continue;
      }
      if (next !== undefined && PUNCTUATION.test(next)) {
        buffer += next;
        i += 2;
        continue;
      }
    }
    if (char === '\n') {
      // Checked from the end: a pattern anchored at `$` would read the whole buffer at every line.
      if (buffer.endsWith('  ')) {
        let end = buffer.length;
        while (end > 0 && buffer[end - 1] === ' ') end--;
        buffer = buffer.slice(0, end);
        flush();
        out.push({ type: 'break' });
      } else buffer += '\n';
      i++;
      continue;
    }
    if (char === '`') {
      const run = /^`+/.exec(rest)![0];
      const close = text.indexOf(run, i + run.length);
      if (close !== -1) {
        flush();
        out.push({
          type: 'code',
          text:
            text
              .slice(i + run.length, close)
              .replace(/\n/g, ' ')
              .trim() || text.slice(i + run.length, close),
        });
        i = close + run.length;
        continue;
      }
      buffer += run;
      i += run.length;
      continue;
    }
    const double = rest.startsWith('**') ? '**' : rest.startsWith('__') ? '__' : rest.startsWith('~~') ? '~~' : null;
    const opensWord = (length: number) => text[i + length] !== undefined && !/\s/.test(text[i + length]!);
    const intraword = (delimiter: string) => delimiter[0] === '_' && i > 0 && /[\p{L}\p{N}]/u.test(text[i - 1]!);
    if (double && opensWord(2) && !intraword(double)) {
      const close = findClosing(text, i + 2, double);
      if (close !== -1) {
        flush();
        const children = parseInline(text.slice(i + 2, close));
        out.push(double === '~~' ? { type: 'strike', children } : { type: 'strong', children });
        i = close + 2;
        continue;
      }
    }
    if ((char === '*' || char === '_') && !double && opensWord(1) && !intraword(char)) {
      const close = findClosing(text, i + 1, char);
      if (close !== -1) {
        flush();
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, close)) });
        i = close + 1;
        continue;
      }
    }
    if (char === '[') {
      const link = /^\[((?:\\.|[^\]\\])*)\]\(\s*(?:<?((?:[^()\s<>]|\([^()\s]*\))+)>?\s*)?(?:"[^"]*"\s*)?\)/.exec(rest);
      if (link) {
        flush();
        const children = parseInline(link[1]!);
        const href = safeHref((link[2] ?? '').replace(ESCAPED_PUNCTUATION, '$1'));
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i += link[0].length;
        continue;
      }
    }
    if (char === '<') {
      const auto = /^<(https?:\/\/[^\s<>]+)>/i.exec(rest);
      if (auto) {
        const href = safeHref(auto[1]!);
        if (href) {
          flush();
          out.push({ type: 'link', href, children: [{ type: 'text', text: auto[1]! }] });
          i += auto[0].length;
          continue;
        }
      }
    }
    if ((char === 'h' || char === 'H') && (i === 0 || /[\s(]/.test(text[i - 1]!))) {
      const bare = BARE_URL.exec(rest);
      if (bare) {
        const url = trimUrl(bare[0]);
        const href = safeHref(url);
        if (href && url.length > 8) {
          flush();
          out.push({ type: 'link', href, children: [{ type: 'text', text: url }] });
          i += url.length;
          continue;
        }
      }
    }
    buffer += char;
    i++;
  }
  flush();
  return out;
}

/** The words of inline markdown without its markup; links keep their address when it differs. */
export function inlineToPlain(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'break':
          return '\n';
        case 'link': {
          const label = inlineToPlain(node.children);
          return label === node.href || `${label}/` === node.href ? label : `${label} (${node.href})`;
        }
        default:
          return inlineToPlain(node.children);
      }
    })
    .join('');
}

/** The text of the first heading, used as a document's title. */
export function firstHeading(blocks: Block[]): string | null {
  const heading = blocks.find((block): block is Extract<Block, { type: 'heading' }> => block.type === 'heading');
  return heading ? inlineToPlain(parseInline(heading.text)) : null;
}
