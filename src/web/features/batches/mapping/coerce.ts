import { asSchema, isObject, schemaTypes, type JsonSchema } from './schema-info';

export type Coerced = { kind: 'value'; value: unknown } | { kind: 'omit' } | { kind: 'error'; message: string };

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);
/** Tried before string in a union, from the most to the least specific. */
const TYPE_ORDER = ['integer', 'number', 'boolean', 'array', 'object', 'string'] as const;

const quote = (s: string): string => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

function asInteger(t: string): Coerced {
  if (!NUMBER_RE.test(t)) return { kind: 'error', message: `${quote(t)} is not a whole number` };
  const n = Number(t);
  if (!Number.isInteger(n)) return { kind: 'error', message: `${quote(t)} is not a whole number` };
  if (!Number.isSafeInteger(n)) return { kind: 'error', message: `${quote(t)} is too large to send exactly` };
  return { kind: 'value', value: n };
}

function asNumber(t: string): Coerced {
  if (!NUMBER_RE.test(t)) return { kind: 'error', message: `${quote(t)} is not a number` };
  const n = Number(t);
  return Number.isFinite(n) ? { kind: 'value', value: n } : { kind: 'error', message: `${quote(t)} is not a finite number` };
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

function asArray(t: string, schema: JsonSchema): Coerced {
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
    const c = coerceCell(part, items);
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

/** Matches an enum member ignoring case when the exact text is not one, so "High" fills enum ["high"]. */
function asString(t: string, schema: JsonSchema): Coerced {
  if (Array.isArray(schema.enum) && !schema.enum.includes(t)) {
    const lower = t.toLowerCase();
    const matches = schema.enum.filter((v): v is string => typeof v === 'string' && v.toLowerCase() === lower);
    if (matches.length === 1) return { kind: 'value', value: matches[0] };
  }
  return { kind: 'value', value: t };
}

function asType(type: string, t: string, schema: JsonSchema): Coerced {
  switch (type) {
    case 'integer':
      return asInteger(t);
    case 'number':
      return asNumber(t);
    case 'boolean':
      return asBoolean(t);
    case 'array':
      return asArray(t, schema);
    case 'object':
      return asObject(t);
    default:
      return asString(t, schema);
  }
}

/**
 * Turns one cell into the JSON value its property's schema asks for. Empty cells are omitted so the
 * schema's defaults apply; surrounding spaces are trimmed because spreadsheets keep them invisibly.
 */
export function coerceCell(raw: string, schema: JsonSchema): Coerced {
  const t = raw.trim();
  if (t === '') return { kind: 'omit' };
  const declared = schemaTypes(schema);
  if (declared.includes('null') && t.toLowerCase() === 'null') return { kind: 'value', value: null };
  const types = TYPE_ORDER.filter((x) => declared.includes(x));
  if (types.length === 0) {
    // No usable type: enums of numbers still deserve numbers, anything else stays text.
    return asString(t, schema);
  }
  let firstError: Coerced | undefined;
  for (const type of types) {
    const c = asType(type, t, schema);
    if (c.kind !== 'error') return c;
    firstError ??= c;
  }
  return firstError!;
}
