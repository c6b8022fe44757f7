import { plural } from '@/lib/plural';
import SCHEMA_WORDS from './schema-words.json';
/**
 * A workflow's input schema as a person reads it: each field's title, its key, what kind of value
 * it takes in everyday words ("website", "email address", "yes/no", "one of …"), whether it is
 * required, its limits, and an example or default. The schema comes from any v1 server, so every
 * part of it is treated as unknown and anything unusual reads "other" rather than failing.
 */

export interface SchemaField {
  key: string;
  /** The schema's title, or the key made readable. */
  title: string;
  /** The kind of value in a person's words: "website", "list of email addresses", "one of formal or casual". */
  kind: string;
  required: boolean;
  /** The JSON Schema format as written, only when `kind` has no everyday words for it (a custom one such as iso-3166-alpha-2). */
  format?: string;
  description?: string;
  /** Limits in words: "up to 500 characters", "at least 1". */
  limits: string[];
  example?: string;
  default?: string;
  /** The fields of each entry, for a list of rows. */
  fields?: SchemaField[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** How deep nested rows are described; deeper ones are left to the raw schema. */
const MAX_DEPTH = 3;

/** A JSON Schema format or type in everyday words, one and many ("email address", "email addresses"). */
type Words = Record<string, { one: string; many: string } | undefined>;
const FORMAT_WORDS: Words = SCHEMA_WORDS.format;
const TYPE_WORDS: Words = SCHEMA_WORDS.type;

/** "snake_case_key" → "Snake case key", for a field without a title. */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** The schema's one type, ignoring "null" in a list of types; undefined when it has none or several. */
function typeOf(schema: Json): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const real = type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    return real.length === 1 ? real[0] : undefined;
  }
  if (isObject(schema.properties)) return 'object';
  if ('items' in schema) return 'array';
  return undefined;
}

/** A value as a person would type it: text as is, anything else as compact JSON. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "a, b or c", with long lists cut short. */
function orList(values: readonly unknown[]): string {
  const words = values.slice(0, 6).map((v) => (v === null ? 'nothing' : shown(v)));
  if (values.length > 6) return `${words.join(', ')} or ${values.length - 6} more`;
  return words.length <= 1 ? (words[0] ?? 'nothing') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** What one value of this schema is, in words; `many` for the plural form ("list of …"). */
export function kindWords(schema: unknown, many = false): string {
  if (!isObject(schema)) return many ? 'values' : 'any value';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return `one of ${orList(schema.enum)}`;
  if ('const' in schema) return `always ${shown(schema.const)}`;
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return many ? 'values' : 'one of several kinds';
  const type = typeOf(schema);
  if (type === 'array') {
    const items = schema.items;
    if (isObject(items) && typeOf(items) === 'object') return 'list of rows';
    return `list of ${kindWords(items, true)}`;
  }
  if (type === 'string' && typeof schema.format === 'string') {
    const words = FORMAT_WORDS[schema.format];
    if (words) return words[many ? 'many' : 'one'];
  }
  const words = type ? TYPE_WORDS[type] : undefined;
  if (words) return words[many ? 'many' : 'one'];
  return many ? 'values' : 'other';
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The schema's bounds in words. */
function limitsOf(schema: Json): string[] {
  const limits: string[] = [];
  const { minLength, maxLength, minimum, maximum, minItems, maxItems } = schema;
  if (isCount(minLength) && minLength > 1) limits.push(`at least ${plural(minLength, 'character', 'characters')}`);
  if (isCount(maxLength)) limits.push(`up to ${plural(maxLength, 'character', 'characters')}`);
  if (isCount(minimum)) limits.push(`at least ${minimum.toLocaleString('en')}`);
  if (isCount(schema.exclusiveMinimum)) limits.push(`more than ${schema.exclusiveMinimum.toLocaleString('en')}`);
  if (isCount(maximum)) limits.push(`at most ${maximum.toLocaleString('en')}`);
  if (isCount(schema.exclusiveMaximum)) limits.push(`less than ${schema.exclusiveMaximum.toLocaleString('en')}`);
  if (isCount(minItems) && minItems > 0) limits.push(`at least ${plural(minItems, 'entry', 'entries')}`);
  if (isCount(maxItems)) limits.push(`up to ${plural(maxItems, 'entry', 'entries')}`);
  if (typeof schema.pattern === 'string') limits.push('must match a pattern (see the raw schema)');
  return limits;
}

function fieldOf(key: string, schema: unknown, required: boolean, depth: number): SchemaField {
  const s = isObject(schema) ? schema : {};
  const field: SchemaField = {
    key,
    title: typeof s.title === 'string' && s.title.trim() ? s.title.trim() : readableKey(key),
    kind: kindWords(s),
    required,
    limits: limitsOf(s),
  };
  if (typeof s.format === 'string' && !FORMAT_WORDS[s.format]) field.format = s.format;
  if (typeof s.description === 'string' && s.description.trim()) field.description = s.description.trim();
  const example = Array.isArray(s.examples) && s.examples.length > 0 ? s.examples[0] : s.example;
  if (example !== undefined) field.example = shown(example);
  if (s.default !== undefined) field.default = shown(s.default);
  const rows = typeOf(s) === 'array' && isObject(s.items) ? s.items : typeOf(s) === 'object' ? s : null;
  if (rows && depth < MAX_DEPTH) {
    const nested = schemaFields(rows, depth + 1);
    if (nested.length > 0) field.fields = nested;
  }
  return field;
}

/** The fields of an object schema in their declared order; none for a schema without properties. */
export function schemaFields(schema: unknown, depth = 0): SchemaField[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k) => typeof k === 'string') : []);
  return Object.entries(schema.properties).map(([key, value]) => fieldOf(key, value, required.has(key), depth));
}
