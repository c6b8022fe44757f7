/**
 * A run's input in a person's words: each field by its schema title (else its key made readable),
 * and each value as text, where an engineer's view would show raw keys and JSON.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Words people write in capitals when they appear in a key. */
const ACRONYMS = new Set(['id', 'url', 'uri', 'api', 'pdf', 'csv', 'json', 'html', 'sku', 'vat', 'iban', 'ip', 'faq']);

/** "company_website_url" → "Company website URL", "firstName" → "First name". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return key;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/** The property schema of `key` in an input schema, where it has one. */
export function propertySchema(schema: unknown, key: string): Record<string, unknown> | undefined {
  if (!isObject(schema) || !isObject(schema.properties)) return undefined;
  const prop = schema.properties[key];
  return isObject(prop) ? prop : undefined;
}

/** A field's name for people: the schema's title, else its key made readable. */
export function fieldLabel(schema: unknown, key: string): string {
  const title = propertySchema(schema, key)?.title;
  return typeof title === 'string' && title.trim() ? title.trim() : humanizeKey(key);
}

/** A value as a person reads it: text as is, yes/no, lists joined, objects as short JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en');
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

/** A value a browser can open as a link: an http(s) address. */
export function linkOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).href;
  } catch {
    return null;
  }
}

/** The input's fields in the schema's order (then any others), each with its label and value. */
export function labelledFields(
  input: Record<string, unknown>,
  schema: unknown,
): { key: string; label: string; value: unknown }[] {
  const order = isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const keys = [...order.filter((k) => k in input), ...Object.keys(input).filter((k) => !order.includes(k))];
  return keys.map((key) => ({ key, label: fieldLabel(schema, key), value: input[key] }));
}
