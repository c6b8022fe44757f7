import { escapeMarkdown } from './markdown-escape';

/**
 * A small mustache-like templater for workflow reports.
 *
 * - `{{field}}`, `{{a.b}}`: a value, escaped for markdown; missing or empty values read "—".
 * - `{{{field}}}`: the value as is (for markdown that earlier steps produced).
 * - `{{field | inline | upper}}`: filters, applied left to right (see FILTERS).
 * - `{{#each list}}- {{this}}{{else}}none{{/each}}`: loops with `{{@index}}` (0-based) and
 *   `{{@number}}` (1-based); inside, names resolve against the item first, then outwards.
 * - `{{#if field}}…{{else}}…{{/if}}`, `{{#if field == "x"}}`, `{{#if field != "x"}}`.
 * - `{{@files.name}}`: data the caller passes in `data` (earlier steps' findings).
 * - `{{! comment }}`.
 *
 * A block tag alone on its line takes the line with it. It never throws: tags it cannot read,
 * and blocks that never close, are kept as literal text.
 */

export const MISSING = '—';

export type EscapeMode = 'markdown' | 'none';

export interface RenderOptions {
  escape?: EscapeMode;
  /** Values reachable as `@name` (e.g. `@files`). */
  data?: Record<string, unknown>;
}

type Tag =
  | { type: 'var'; path: string[]; filters: string[]; raw: boolean }
  | { type: 'open'; block: 'each' | 'if'; path: string[]; compare?: { op: '==' | '!='; value: string } }
  | { type: 'else' }
  | { type: 'close'; block: 'each' | 'if' }
  | { type: 'comment' };

type Token = { kind: 'text'; text: string } | { kind: 'tag'; raw: string; tag: Tag };

type Node =
  | { t: 'text'; text: string }
  | { t: 'var'; path: string[]; filters: string[]; raw: boolean }
  | {
      t: 'block';
      block: 'each' | 'if';
      path: string[];
      compare?: { op: '==' | '!='; value: string };
      body: Node[];
      alt: Node[];
    };

const PATH = /^@?[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*$/u;
const CONDITION = /^([^\s!=]+)\s*(==|!=)\s*(?:"([^"]*)"|'([^']*)'|(\S+))$/;

function parsePath(text: string): string[] | null {
  return PATH.test(text) ? text.split('.') : null;
}

function parseTag(inner: string, triple: boolean): Tag | null {
  const text = inner.trim();
  if (triple) {
    const [pathText = '', ...filters] = text.split('|').map((part) => part.trim());
    const path = parsePath(pathText);
    return path ? { type: 'var', path, filters, raw: true } : null;
  }
  if (text.startsWith('!')) return { type: 'comment' };
  if (text === 'else') return { type: 'else' };
  if (text === '/each' || text === '/if') return { type: 'close', block: text === '/each' ? 'each' : 'if' };
  const open = /^#(each|if)\s+(\S.*)$/s.exec(text);
  if (open) {
    const block = open[1] === 'each' ? 'each' : 'if';
    const argument = (open[2] ?? '').trim();
    const condition = block === 'if' ? CONDITION.exec(argument) : null;
    if (condition) {
      const path = parsePath(condition[1] ?? '');
      const value = condition[3] ?? condition[4] ?? condition[5] ?? '';
      return path ? { type: 'open', block, path, compare: { op: condition[2] === '==' ? '==' : '!=', value } } : null;
    }
    const path = parsePath(argument);
    return path ? { type: 'open', block, path } : null;
  }
  const [pathText = '', ...filters] = text.split('|').map((part) => part.trim());
  const path = parsePath(pathText);
  return path ? { type: 'var', path, filters, raw: false } : null;
}

/**
 * Finds `{{{…}}}` and `{{…}}` tags, each closed by the first closer after it. Scanned by hand:
 * a lazy pattern would read to the end of the template for every unclosed `{{`, which is quadratic.
 */
function tokenize(template: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  let at = 0;
  // The next `}}}` at or after some point; searched again only once the scan has passed it.
  let tripleClose = -2;
  for (;;) {
    const open = template.indexOf('{{', at);
    if (open === -1) break;
    let triple = false;
    let end = -1;
    let inner = '';
    if (template.startsWith('{{{', open)) {
      if (tripleClose !== -1 && tripleClose < open + 3) tripleClose = template.indexOf('}}}', open + 3);
      if (tripleClose !== -1) {
        triple = true;
        inner = template.slice(open + 3, tripleClose);
        end = tripleClose + 3;
      }
    }
    if (!triple) {
      const close = template.indexOf('}}', open + 2);
      // No closer after this opener means none after any later one either.
      if (close === -1) break;
      inner = template.slice(open + 2, close);
      end = close + 2;
    }
    at = end;
    const tag = parseTag(inner, triple);
    if (!tag) continue;
    if (open > last) tokens.push({ kind: 'text', text: template.slice(last, open) });
    tokens.push({ kind: 'tag', raw: template.slice(open, end), tag });
    last = end;
  }
  if (last < template.length) tokens.push({ kind: 'text', text: template.slice(last) });
  return tokens;
}

const isBlockTag = (token: Token | undefined): boolean => token?.kind === 'tag' && token.tag.type !== 'var';

/** Removes the rest of the line around block tags that stand alone on their line (as mustache does). */
function stripStandaloneLines(tokens: Token[]): Token[] {
  const cuts = tokens.map(() => ({ start: 0, end: Number.POSITIVE_INFINITY }));
  const last = tokens.length - 1;
  tokens.forEach((token, index) => {
    if (!isBlockTag(token)) return;
    const before = tokens[index - 1];
    const after = tokens[index + 1];
    const startsLine =
      before === undefined ||
      (before.kind === 'text' && (/\n[ \t]*$/.test(before.text) || (index - 1 === 0 && /^[ \t]*$/.test(before.text))));
    const endsLine =
      after === undefined ||
      (after.kind === 'text' &&
        (/^[ \t]*\r?\n/.test(after.text) || (index + 1 === last && /^[ \t]*$/.test(after.text))));
    if (!startsLine || !endsLine) return;
    if (before?.kind === 'text') {
      const cut = cuts[index - 1]!;
      let end = before.text.length;
      while (end > 0 && (before.text[end - 1] === ' ' || before.text[end - 1] === '\t')) end--;
      cut.end = Math.min(cut.end, end);
    }
    if (after?.kind === 'text') {
      const cut = cuts[index + 1]!;
      cut.start = Math.max(cut.start, /^[ \t]*(?:\r?\n)?/.exec(after.text)?.[0].length ?? 0);
    }
  });
  return tokens.map((token, index) => {
    if (token.kind !== 'text') return token;
    const cut = cuts[index]!;
    const end = Math.min(cut.end, token.text.length);
    return { kind: 'text', text: cut.start >= end ? '' : token.text.slice(cut.start, end) };
  });
}

interface OpenFrame {
  open: Extract<Tag, { type: 'open' }>;
  raw: string;
  body: Node[];
  alt: Node[];
  elseRaw: string | null;
}

function buildTree(tokens: Token[]): Node[] {
  const root: Node[] = [];
  const stack: OpenFrame[] = [];
  const target = (): Node[] => {
    const frame = stack[stack.length - 1];
    if (!frame) return root;
    return frame.elseRaw === null ? frame.body : frame.alt;
  };
  for (const token of tokens) {
    if (token.kind === 'text') {
      target().push({ t: 'text', text: token.text });
      continue;
    }
    const { tag } = token;
    const frame = stack[stack.length - 1];
    switch (tag.type) {
      case 'comment':
        break;
      case 'var':
        target().push({ t: 'var', path: tag.path, filters: tag.filters, raw: tag.raw });
        break;
      case 'open':
        stack.push({ open: tag, raw: token.raw, body: [], alt: [], elseRaw: null });
        break;
      case 'else':
        if (frame && frame.elseRaw === null) frame.elseRaw = token.raw;
        else target().push({ t: 'text', text: token.raw });
        break;
      case 'close':
        if (frame && frame.open.block === tag.block) {
          stack.pop();
          target().push({
            t: 'block',
            block: frame.open.block,
            path: frame.open.path,
            compare: frame.open.compare,
            body: frame.body,
            alt: frame.alt,
          });
        } else {
          target().push({ t: 'text', text: token.raw });
        }
        break;
    }
  }
  // Blocks that never close are kept as the text they were written as.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const literal: Node[] = [{ t: 'text', text: frame.raw }, ...frame.body];
    if (frame.elseRaw !== null) literal.push({ t: 'text', text: frame.elseRaw }, ...frame.alt);
    target().push(...literal);
  }
  return root;
}

interface Scope {
  value: unknown;
  index?: number;
  length?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(path: string[], scopes: Scope[], data: Record<string, unknown>): unknown {
  const [head = '', ...rest] = path;
  let value: unknown;
  const inner = scopes[scopes.length - 1];
  if (head === 'this') value = inner?.value;
  else if (head === '@index') value = inner?.index;
  else if (head === '@number') value = inner?.index === undefined ? undefined : inner.index + 1;
  else if (head.startsWith('@')) value = Object.hasOwn(data, head.slice(1)) ? data[head.slice(1)] : undefined;
  else {
    const scope = [...scopes].reverse().find((s) => isRecord(s.value) && Object.hasOwn(s.value, head));
    value = scope ? (scope.value as Record<string, unknown>)[head] : undefined;
  }
  for (const key of rest) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (isRecord(value) && Object.hasOwn(value, key)) value = value[key];
    else return undefined;
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

/** The text a value reads as in a report. */
export function formatValue(value: unknown): string {
  if (isEmpty(value)) return MISSING;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${formatValue(item)}`)
      .join('; ');
  return String(value);
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function hostOf(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const text = value.trim();
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.hostname.replace(/^www\./, '') || value;
  } catch {
    return value;
  }
}

function longDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return value;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

function countWords(value: unknown): unknown {
  if (typeof value !== 'string') return 0;
  return value.trim() === '' ? 0 : value.trim().split(/\s+/).length;
}

/** The opening of a text, cut at a word boundary: for quoting a message in a reply. */
function excerpt(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.replace(/\s+/g, ' ').trim();
  const sentence = /^.{20,160}?[.!?](?=\s|$)/.exec(text)?.[0];
  if (sentence) return sentence;
  if (text.length <= 160) return text;
  // Cut before the word the limit falls in (spaces are single after the replace above).
  const space = text.lastIndexOf(' ', 159);
  return `${space > 0 ? text.slice(0, space) : text.slice(0, 160)}…`;
}

/** 1234567.5 → "1,234,567.5"; the same on every machine, whatever its locale. */
function groupDigits(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  if (whole.includes('e')) return value;
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 3) groups.unshift(whole.slice(Math.max(0, end - 3), end));
  const grouped = groups.join(',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The first word of a name, for a greeting. */
function firstWord(value: unknown): unknown {
  return typeof value === 'string' ? (value.trim().split(/\s+/)[0] ?? value) : value;
}

function count(value: unknown): unknown {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return value.length;
  if (isRecord(value)) return Object.keys(value).length;
  return 0;
}

const mapString = (fn: (text: string) => string) => (value: unknown) => (typeof value === 'string' ? fn(value) : value);
const titleCase = (text: string) =>
  text.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, gap: string, letter: string) => gap + letter.toUpperCase());

/** Filters that change the value before it becomes text. */
const FILTERS: Record<string, (value: unknown) => unknown> = {
  inline: mapString((text) => text.replace(/\s+/g, ' ').trim()),
  upper: mapString((text) => text.toUpperCase()),
  lower: mapString((text) => text.toLowerCase()),
  title: mapString(titleCase),
  host: hostOf,
  date: longDate,
  words: countWords,
  count,
  json: (value) => JSON.stringify(value ?? null),
  excerpt,
  number: groupDigits,
  first: firstWord,
};

/** Filters that shape the already-escaped text (so their markdown is not escaped away). */
const TEXT_FILTERS: Record<string, (text: string) => string> = {
  quote: (text) =>
    text
      .split('\n')
      .map((line) => (line === '' ? '>' : `> ${line}`))
      .join('\n'),
};

function renderVar(
  node: Extract<Node, { t: 'var' }>,
  scopes: Scope[],
  data: Record<string, unknown>,
  escape: EscapeMode,
): string {
  let value = resolve(node.path, scopes, data);
  let text: string | null = null;
  for (const filter of node.filters) {
    const textFilter = TEXT_FILTERS[filter];
    if (textFilter) {
      text = textFilter(text ?? toText(value, node.raw ? 'none' : escape));
      continue;
    }
    const valueFilter = FILTERS[filter];
    if (valueFilter && text === null) value = valueFilter(value);
  }
  return text ?? toText(value, node.raw ? 'none' : escape);
}

function toText(value: unknown, escape: EscapeMode): string {
  const text = formatValue(value);
  return escape === 'markdown' ? escapeMarkdown(text) : text;
}

function isTruthy(value: unknown): boolean {
  return !isEmpty(value) && value !== false && value !== 0;
}

function renderNodes(nodes: Node[], scopes: Scope[], data: Record<string, unknown>, escape: EscapeMode): string {
  let out = '';
  for (const node of nodes) {
    if (node.t === 'text') out += node.text;
    else if (node.t === 'var') out += renderVar(node, scopes, data, escape);
    else if (node.block === 'if') {
      const value = resolve(node.path, scopes, data);
      let holds = isTruthy(value);
      if (node.compare) {
        const same = !isEmpty(value) && typeof value !== 'object' && String(value) === node.compare.value;
        holds = node.compare.op === '==' ? same : !same;
      }
      out += renderNodes(holds ? node.body : node.alt, scopes, data, escape);
    } else {
      const value = resolve(node.path, scopes, data);
      const items = Array.isArray(value) ? value : isTruthy(value) ? [value] : [];
      if (items.length === 0) out += renderNodes(node.alt, scopes, data, escape);
      items.forEach((item, index) => {
        out += renderNodes(node.body, [...scopes, { value: item, index, length: items.length }], data, escape);
      });
    }
  }
  return out;
}

/** Fills `template` with `context`; see the module comment for the syntax. Never throws. */
export function renderTemplate(
  template: string,
  context: Record<string, unknown>,
  options: RenderOptions = {},
): string {
  const tree = buildTree(stripStandaloneLines(tokenize(template)));
  return renderNodes(tree, [{ value: context }], options.data ?? {}, options.escape ?? 'markdown');
}
