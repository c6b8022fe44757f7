/**
 * Reads the mustache-like template syntax of plans saved before Liquid (legacy-to-liquid.ts turns
 * them into Liquid). Only the migration to Liquid templates (liquid-templates.ts) uses this folder:
 * the service renders Liquid alone, but a migration must keep working for a database that has not
 * run it yet, so this code stays as the migration's own, frozen like the migration itself.
 *
 * - `{{field}}`, `{{a.b}}`, `{{{raw}}}`, `{{field | inline | upper}}`; `{{! comment }}`.
 * - `{{#each list}}…{{else}}…{{/each}}` with `{{this}}`, `{{@index}}` and `{{@number}}`.
 * - `{{#if field}}`, `{{#if field == "x"}}`, `{{#if field != "x"}}`, with `{{else}}`.
 * - `{{@files.name}}`: earlier steps' findings.
 *
 * A block tag alone on its line takes the line with it. Tags it cannot read, and blocks that never
 * close, are literal text.
 */

export interface Compare {
  op: '==' | '!=';
  value: string;
}

type Tag =
  | { type: 'var'; path: string[]; filters: string[]; raw: boolean }
  | { type: 'open'; block: 'each' | 'if'; path: string[]; compare?: Compare }
  | { type: 'else' }
  | { type: 'close'; block: 'each' | 'if' }
  | { type: 'comment' };

type Token = { kind: 'text'; text: string } | { kind: 'tag'; raw: string; tag: Tag };

export type LegacyNode =
  | { t: 'text'; text: string }
  | { t: 'var'; path: string[]; filters: string[]; raw: boolean }
  | { t: 'block'; block: 'each' | 'if'; path: string[]; compare?: Compare; body: LegacyNode[]; alt: LegacyNode[] };

const PATH = /^@?[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*$/u;
const CONDITION = /^([^\s!=]+)\s*(==|!=)\s*(?:"([^"]*)"|'([^']*)'|(\S+))$/;

function parsePath(text: string): string[] | null {
  return PATH.test(text) ? text.split('.') : null;
}

function parseVar(text: string, raw: boolean): Tag | null {
  const [pathText = '', ...filters] = text.split('|').map((part) => part.trim());
  const path = parsePath(pathText);
  return path ? { type: 'var', path, filters, raw } : null;
}

function parseTag(inner: string, triple: boolean): Tag | null {
  const text = inner.trim();
  if (triple) return parseVar(text, true);
  if (text.startsWith('!')) return { type: 'comment' };
  if (text === 'else') return { type: 'else' };
  if (text === '/each' || text === '/if') return { type: 'close', block: text === '/each' ? 'each' : 'if' };
  const open = /^#(each|if)\s+(\S.*)$/s.exec(text);
  if (!open) return parseVar(text, false);
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
  body: LegacyNode[];
  alt: LegacyNode[];
  elseRaw: string | null;
}

function buildTree(tokens: Token[]): LegacyNode[] {
  const root: LegacyNode[] = [];
  const stack: OpenFrame[] = [];
  const target = (): LegacyNode[] => {
    const frame = stack.at(-1);
    if (!frame) return root;
    return frame.elseRaw === null ? frame.body : frame.alt;
  };
  for (const token of tokens) {
    if (token.kind === 'text') {
      target().push({ t: 'text', text: token.text });
      continue;
    }
    const { tag } = token;
    const frame = stack.at(-1);
    if (tag.type === 'var') target().push({ t: 'var', path: tag.path, filters: tag.filters, raw: tag.raw });
    else if (tag.type === 'open') stack.push({ open: tag, raw: token.raw, body: [], alt: [], elseRaw: null });
    else if (tag.type === 'else') {
      if (frame && frame.elseRaw === null) frame.elseRaw = token.raw;
      else target().push({ t: 'text', text: token.raw });
    } else if (tag.type === 'close') {
      if (frame && frame.open.block === tag.block) {
        stack.pop();
        const { block, path, compare } = frame.open;
        target().push({ t: 'block', block, path, compare, body: frame.body, alt: frame.alt });
      } else target().push({ t: 'text', text: token.raw });
    }
  }
  // Blocks that never close are kept as the text they were written as.
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const literal: LegacyNode[] = [{ t: 'text', text: frame.raw }, ...frame.body];
    if (frame.elseRaw !== null) literal.push({ t: 'text', text: frame.elseRaw }, ...frame.alt);
    target().push(...literal);
  }
  return root;
}

/** The tree of a template in the older syntax. Never throws. */
export function parseLegacyTemplate(template: string): LegacyNode[] {
  return buildTree(stripStandaloneLines(tokenize(template)));
}
