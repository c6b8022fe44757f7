/**
 * The one table of JSON Schema validation messages on the web side, in words a person can act on.
 * Each keyword has two forms: a sentence for a form field ("Enter a whole number.") and a
 * fragment that follows a column name in a spreadsheet message ("amount: must be a whole number").
 */

type Params = Record<string, unknown>;
type Form = 'sentence' | 'fragment';

/** What a format asks for, said once for both forms: "Enter …." and "is not …". */
const FORMATS: Record<string, string> = {
  email: 'a valid email address, like name@example.com',
  uri: 'a full URL, like https://example.com',
  url: 'a full URL, like https://example.com',
  iri: 'a full URL, like https://example.com',
  'uri-reference': 'a web address or a path, like https://example.com or /about',
  date: 'a date as YYYY-MM-DD',
  'date-time': 'a date and time, like 2025-01-31T09:30:00Z',
  time: 'a time of day as HH:MM, like 14:30',
  uuid: 'a UUID, like 123e4567-e89b-12d3-a456-426614174000',
  ipv4: 'an IPv4 address, like 192.168.0.1',
  ipv6: 'an IPv6 address, like 2001:db8::1',
  hostname: 'a host name, like example.com',
};

/** JSON types in a person's words: "must be text", never "must be string". */
const TYPES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  null: 'empty',
};

const typeWords = (type: unknown): string =>
  (Array.isArray(type) ? type : String(type).split(','))
    .map((t) => TYPES[String(t).trim()] ?? String(t).trim())
    .join(' or ');

const plural = (n: unknown, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;
const listed = (values: unknown) =>
  Array.isArray(values) ? values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') : '';

const MESSAGES: Record<string, (p: Params) => Record<Form, string>> = {
  required: () => ({ sentence: 'This field is required.', fragment: 'is required' }),
  dependentRequired: (p) => ({
    sentence: `This field is required when ${String(p.property)} is given.`,
    fragment: `is required when ${String(p.property)} is given`,
  }),
  dependencies: (p) => ({
    sentence: `This field is required when ${String(p.property)} is given.`,
    fragment: `is required when ${String(p.property)} is given`,
  }),
  format: (p) => {
    const what = FORMATS[String(p.format)];
    return what === undefined
      ? { sentence: `Enter a valid ${String(p.format)}.`, fragment: `is not a valid ${String(p.format)}` }
      : { sentence: `Enter ${what}.`, fragment: `is not ${what}` };
  },
  enum: (p) => ({
    sentence: 'Choose one of the listed options.',
    fragment: `must be one of: ${listed(p.allowedValues)}`,
  }),
  type: (p) => ({
    sentence:
      p.type === 'integer'
        ? 'Enter a whole number, like 12.'
        : p.type === 'number'
          ? 'Enter a number, like 1200.'
          : `Must be ${typeWords(p.type)}.`,
    fragment: `must be ${typeWords(p.type)}`,
  }),
  additionalProperties: () => ({
    sentence: 'This field is not an input of this workflow.',
    fragment: 'is not an input of this workflow',
  }),
  minLength: (p) =>
    p.limit === 1
      ? { sentence: 'This field is required.', fragment: 'must not be empty' }
      : {
          sentence: `Enter at least ${plural(p.limit, 'character')}.`,
          fragment: `must be at least ${String(p.limit)} characters`,
        },
  maxLength: (p) => ({
    sentence: `Enter at most ${plural(p.limit, 'character')}.`,
    fragment: `must be at most ${String(p.limit)} characters`,
  }),
  minimum: (p) => ({ sentence: `Must be ${String(p.limit)} or more.`, fragment: `must be ${String(p.limit)} or more` }),
  maximum: (p) => ({ sentence: `Must be ${String(p.limit)} or less.`, fragment: `must be ${String(p.limit)} or less` }),
  minItems: (p) => ({
    sentence: `Add at least ${plural(p.limit, 'item')}.`,
    fragment: `must have at least ${plural(p.limit, 'item')}`,
  }),
  maxItems: (p) => ({
    sentence: `Use at most ${plural(p.limit, 'item')}.`,
    fragment: `must have at most ${plural(p.limit, 'item')}`,
  }),
  pattern: () => ({
    sentence: 'This does not have the expected format.',
    fragment: 'does not have the expected format',
  }),
};

/** The message for a failed keyword; ajv's own message (capitalized for a sentence) when the table has none. */
export function validationMessage(
  keyword: string,
  params: Params | undefined,
  fallback: string | undefined,
  form: Form,
): string {
  const known = MESSAGES[keyword];
  if (known !== undefined) return known(params ?? {})[form];
  if (form === 'fragment') return fallback ?? 'is not valid';
  const message = fallback ?? 'This value is not valid.';
  return message.charAt(0).toUpperCase() + message.slice(1);
}
