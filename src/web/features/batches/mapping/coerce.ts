import { completeUrl, wantsFullAddress } from '@/lib/complete-url';
import { dateFormatOf, readDate, type DateOrder } from './dates';
import { asSchema, isObject, schemaTypes, type JsonSchema } from './schema-info';
import { readTime } from './times';

export type Coerced = { kind: 'value'; value: unknown } | { kind: 'omit' } | { kind: 'error'; message: string };

/** How a file writes decimals: "." as in 1,234.50 or "," as in 1.234,50. */
import type { DecimalMark } from '@/batch-engine/batch-types';

export interface CoerceOptions {
  /** "." when absent. */
  decimal?: DecimalMark | undefined;
  /** How the column writes dates such as 04/05/2026; undecided when absent. */
  dateOrder?: DateOrder | undefined;
}

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);
/** Tried before string in a union, from the most to the least specific. */
const TYPE_ORDER = ['integer', 'number', 'boolean', 'array', 'object', 'string'] as const;

const quote = (s: string): string => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** A currency sign, or a code set off by a space ("USD 5", "5 EUR"; never "INV123"). */
const CURRENCY_BEFORE = /^(?:[A-Z]{0,2}[$€£¥₹₩₽¢]\s*|(?:[A-Z]{3}|Fr\.|kr\.?|zł)\s+)/u;
const CURRENCY_AFTER = /(?:\s*[$€£¥₹₩₽¢]|\s+(?:[A-Z]{3}|kr\.?|zł))$/u;
/** Digit groups: thousands separated by one consistent mark (a space of any width, an apostrophe, or the other decimal mark). */
const GROUPED: Record<DecimalMark, RegExp> = {
  '.': /^(\d{1,3}(?:([,\s\u00a0\u202f'])\d{3})(?:\2\d{3})*|\d*)(\.\d+)?$/u,
  ',': /^(\d{1,3}(?:([.\s\u00a0\u202f'])\d{3})(?:\2\d{3})*|\d*)(,\d+)?$/u,
};

/**
 * Reads a number as people write it in spreadsheets: "$1,200.00", "€ 1.234,50" (with the "," mark),
 * "1 234,50", "(75.00)" for a negative amount, "-$5"; null when the text is not a number.
 */
export function readNumber(text: string, decimal: DecimalMark = '.'): number | null {
  let t = text.trim();
  if (NUMBER_RE.test(t) && (decimal === '.' || !t.includes('.'))) return Number(t);
  let negative = false;
  if (t.startsWith('(') && t.endsWith(')')) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  const sign = /^[+-]/.exec(t)?.[0];
  if (sign !== undefined) t = t.slice(1).trim();
  const bare = t.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '');
  let body = bare;
  if (sign === undefined && /^[+-]/.test(bare)) {
    negative = negative || bare.startsWith('-');
    body = bare.slice(1).trim();
  }
  if (sign === '-') negative = !negative;
  const m = GROUPED[decimal].exec(body);
  if (m === null || (m[1] === '' && m[3] === undefined)) return null;
  const digits = m[1]!.replace(/[^\d]/g, '') + (m[3] === undefined ? '' : `.${m[3].slice(1)}`);
  const n = Number(digits === '' || digits.startsWith('.') ? `0${digits}` : digits);
  if (!Number.isFinite(n)) return null;
  return negative ? -n : n;
}

/** Evidence of each decimal mark in one cell: 1.234,50 or 12,5 say ","; 1,234.50 or 12.5 say "."; 1,234 says nothing. */
function decimalEvidence(text: string): DecimalMark | null {
  const t = text
    .trim()
    .replace(CURRENCY_BEFORE, '')
    .replace(CURRENCY_AFTER, '')
    .replace(/[\s\u00a0\u202f']/gu, '')
    .replace(/^[(+-]+|\)$/g, '');
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(t) || /^\d+,(\d{1,2}|\d{4,})$/.test(t)) return ',';
  if (/^\d{1,3}(,\d{3})+\.\d+$/.test(t) || /^\d+\.(\d{1,2}|\d{4,})$/.test(t)) return '.';
  return null;
}

/** The decimal mark most of the cells show; certain when no cell says otherwise and some cell says anything. */
export function detectDecimalMark(cells: Iterable<string>): { mark: DecimalMark; certain: boolean } {
  let comma = 0;
  let point = 0;
  for (const c of cells) {
    const e = decimalEvidence(c);
    if (e === ',') comma += 1;
    else if (e === '.') point += 1;
  }
  if (comma > 0 && point === 0) return { mark: ',', certain: true };
  return { mark: '.', certain: point > 0 && comma === 0 };
}

function asInteger(t: string, options: CoerceOptions): Coerced {
  const n = readNumber(t, options.decimal);
  if (n === null) return { kind: 'error', message: `${quote(t)} is not a whole number` };
  if (!Number.isInteger(n)) return { kind: 'error', message: `${quote(t)} is not a whole number` };
  if (!Number.isSafeInteger(n)) return { kind: 'error', message: `${quote(t)} is too large to send exactly` };
  return { kind: 'value', value: n };
}

function asNumber(t: string, options: CoerceOptions): Coerced {
  const n = readNumber(t, options.decimal);
  if (n === null)
    return {
      kind: 'error',
      message: `${quote(t)} is not a number${options.decimal === ',' ? ' (with "," as the decimal mark)' : ''}`,
    };
  return Number.isFinite(n)
    ? { kind: 'value', value: n }
    : { kind: 'error', message: `${quote(t)} is not a finite number` };
}

function asBoolean(t: string): Coerced {
  const lower = t.toLowerCase();
  if (TRUE_WORDS.has(lower)) return { kind: 'value', value: true };
  if (FALSE_WORDS.has(lower)) return { kind: 'value', value: false };
  return { kind: 'error', message: `${quote(t)} is not true or false (yes/no and 1/0 work too)` };
}

function parseJson(t: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(t) as unknown };
  } catch {
    return { ok: false };
  }
}

function asArray(t: string, schema: JsonSchema, options: CoerceOptions): Coerced {
  if (t.startsWith('[')) {
    const parsed = parseJson(t);
    return parsed.ok && Array.isArray(parsed.value)
      ? { kind: 'value', value: parsed.value }
      : { kind: 'error', message: `${quote(t)} is not a JSON list like ["a", "b"]` };
  }
  const items = asSchema(schema.items);
  const itemTypes = schemaTypes(items);
  if (itemTypes.includes('object') || itemTypes.includes('array')) {
    return { kind: 'error', message: 'must be a JSON list, for example [{"name": "a"}]' };
  }
  const parts = t
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const values: unknown[] = [];
  for (const [i, part] of parts.entries()) {
    const c = coerceCell(part, items, options);
    if (c.kind === 'error') return { kind: 'error', message: `item ${i + 1}: ${c.message}` };
    if (c.kind === 'value') values.push(c.value);
  }
  return { kind: 'value', value: values };
}

function asObject(t: string): Coerced {
  const parsed = t.startsWith('{') ? parseJson(t) : { ok: false as const };
  return parsed.ok && isObject(parsed.value)
    ? { kind: 'value', value: parsed.value }
    : { kind: 'error', message: `${quote(t)} is not a JSON object like {"key": "value"}` };
}

/**
 * Matches an enum member ignoring case when the exact text is not one, so "High" fills enum ["high"];
 * gives a bare domain its https:// where the field wants a full web address, so "acme.com" is sent.
 */
function asString(t: string, schema: JsonSchema, options: CoerceOptions = {}): Coerced {
  const dateFormat = dateFormatOf(schema);
  if (dateFormat !== null) {
    // 13/04/2026, April 13, 2026 or an Excel serial becomes the YYYY-MM-DD the schema asks for.
    const read = readDate(t, dateFormat, options.dateOrder);
    if (read.kind !== 'as-is') return read;
  }
  if (schema.format === 'time') {
    const read = readTime(t);
    if (read.kind !== 'as-is') return read;
  }
  if (wantsFullAddress(schema)) {
    const full = completeUrl(t);
    if (full !== null) return { kind: 'value', value: full };
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(t)) {
    const lower = t.toLowerCase();
    const matches = schema.enum.filter((v): v is string => typeof v === 'string' && v.toLowerCase() === lower);
    if (matches.length === 1) return { kind: 'value', value: matches[0] };
  }
  return { kind: 'value', value: t };
}

function asType(type: string, t: string, schema: JsonSchema, options: CoerceOptions): Coerced {
  switch (type) {
    case 'integer':
      return asInteger(t, options);
    case 'number':
      return asNumber(t, options);
    case 'boolean':
      return asBoolean(t);
    case 'array':
      return asArray(t, schema, options);
    case 'object':
      return asObject(t);
    default:
      return asString(t, schema, options);
  }
}

/**
 * Turns one cell into the JSON value its property's schema asks for. Empty cells are omitted so the
 * schema's defaults apply; surrounding spaces are trimmed because spreadsheets keep them invisibly.
 */
export function coerceCell(raw: string, schema: JsonSchema, options: CoerceOptions = {}): Coerced {
  const t = raw.trim();
  if (t === '') return { kind: 'omit' };
  const declared = schemaTypes(schema);
  if (declared.includes('null') && t.toLowerCase() === 'null') return { kind: 'value', value: null };
  const types = TYPE_ORDER.filter((x) => declared.includes(x));
  if (types.length === 0) {
    // No usable type: enums of numbers still deserve numbers, anything else stays text.
    return asString(t, schema, options);
  }
  let firstError: Coerced | undefined;
  for (const type of types) {
    const c = asType(type, t, schema, options);
    if (c.kind !== 'error') return c;
    firstError ??= c;
  }
  return firstError!;
}

/** What a coercion did to a cell, for the preview ("$1,200.00 → 1200"); null when the value reads as the cell does. */
export function describeCoercion(raw: string, value: unknown): string | null {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown === raw.trim() ? null : `${raw.trim()} → ${shown}`;
}
