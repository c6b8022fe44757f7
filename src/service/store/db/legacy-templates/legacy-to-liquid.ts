import { parseLegacyTemplate, type Compare, type LegacyNode } from './legacy-parse';

/**
 * Turns a template in the mustache-like syntax of plans saved before Liquid (see legacy-parse.ts)
 * into the Liquid template that renders the same text. Only the migration to Liquid templates
 * (liquid-templates.ts) calls it, once per stored template: a migration must keep working for an
 * old database, so this is the migration's own code. Plans written since carry `syntax: 'liquid'`.
 *
 * Inside a loop, a name reads the item first, then the enclosing items and the input
 * (`{{ item.price | default: input.price }}`). One difference remains: in `{{#if}}` and `{{#each}}`
 * inside a loop, a name reads the item only.
 */

/** Old filter names → Liquid's own or ours (filters.ts); unknown ones were ignored and are dropped. */
const FILTERS: Record<string, string> = {
  inline: 'inline',
  upper: 'upcase',
  lower: 'downcase',
  title: 'titlecase',
  host: 'host',
  date: 'long_date',
  words: 'word_count',
  count: 'size',
  json: 'json',
  excerpt: 'excerpt',
  number: 'number',
  first: 'first_word',
};

const LITERAL_BRACE = '{% raw %}{{% endraw %}';

/** Text as Liquid prints it literally: a `{` that could open a tag (here or with the next tag) is escaped. */
function literalText(text: string): string {
  return text.replace(/\{(?=[{%]|$)/g, LITERAL_BRACE);
}

function segment(key: string): string {
  if (/^[a-z_]\w*$/i.test(key)) return `.${key}`;
  if (/^\d+$/.test(key)) return `[${key}]`;
  return `["${key}"]`;
}

/** The Liquid expression for an old path; `loops` are the enclosing loops' item names, innermost last. */
function expression(path: string[], loops: string[]): string {
  const [head = '', ...rest] = path;
  const item = loops.at(-1);
  if (head === '@index' || head === '@number') {
    if (!item || rest.length > 0) return 'nil';
    return head === '@index' ? 'forloop.index0' : 'forloop.index';
  }
  if (head.startsWith('@')) return head === '@files' ? `files${rest.map(segment).join('')}` : 'nil';
  const base = item ?? 'input';
  const keys = head === 'this' ? rest : [head, ...rest];
  return base + keys.map(segment).join('');
}

/** As `expression`, but a bare name inside loops falls back outwards, as the old lookup did. */
function fallbackExpression(path: string[], loops: string[]): string {
  const [head = ''] = path;
  if (loops.length === 0 || head === 'this' || head.startsWith('@')) return expression(path, loops);
  const keys = path.map(segment).join('');
  return [...loops.toReversed(), 'input'].map((base) => base + keys).join(' | default: ');
}

function outputTag(node: Extract<LegacyNode, { t: 'var' }>, loops: string[]): string {
  const quoteAt = node.filters.indexOf('quote');
  const valueFilters = (quoteAt === -1 ? node.filters : node.filters.slice(0, quoteAt))
    .map((name) => FILTERS[name])
    .filter((name) => name !== undefined);
  if (node.raw) valueFilters.push('raw');
  if (quoteAt !== -1) valueFilters.push('quote');
  return `{{ ${[fallbackExpression(node.path, loops), ...valueFilters].join(' | ')} }}`;
}

function stringLiteral(text: string): string | null {
  if (!text.includes('"')) return `"${text}"`;
  return text.includes("'") ? null : `'${text}'`;
}

/** What the old `{{#if}}` meant: equal as text to a non-empty value, or not empty, false or 0. */
function condition(value: string, compare: Compare | undefined): string {
  if (!compare) return `${value} and ${value} != empty and ${value} != 0`;
  const literal = compare.value === '' ? null : stringLiteral(compare.value);
  const alternatives = literal === null ? [] : [`${value} == ${literal}`];
  if (/^-?\d+(?:\.\d+)?$/.test(compare.value) && String(Number(compare.value)) === compare.value)
    alternatives.push(`${value} == ${compare.value}`);
  if (compare.value === 'true' || compare.value === 'false') alternatives.push(`${value} == ${compare.value}`);
  if (compare.op === '==') return alternatives.length === 0 ? 'false' : alternatives.join(' or ');
  return alternatives.length === 0 ? 'true' : alternatives.map((test) => test.replace(' == ', ' != ')).join(' and ');
}

function emit(nodes: LegacyNode[], loops: string[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.t === 'text') out += literalText(node.text);
    else if (node.t === 'var') out += outputTag(node, loops);
    else if (node.block === 'if') {
      const test = condition(expression(node.path, loops), node.compare);
      const alt = node.alt.length > 0 ? `{% else %}${emit(node.alt, loops)}` : '';
      out += `{% if ${test} %}${emit(node.body, loops)}${alt}{% endif %}`;
    } else {
      const item = loops.length === 0 ? 'item' : `item${loops.length + 1}`;
      const alt = node.alt.length > 0 ? `{% else %}${emit(node.alt, loops)}` : '';
      out += `{% for ${item} in ${expression(node.path, loops)} %}${emit(node.body, [...loops, item])}${alt}{% endfor %}`;
    }
  }
  return out;
}

/** The Liquid template that renders what `template`, in the older syntax, rendered. Never throws for text. */
export function legacyToLiquid(template: string): string {
  return emit(parseLegacyTemplate(template), []);
}
