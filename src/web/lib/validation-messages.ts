/**
 * The one table of JSON Schema validation messages on the web side, in words a person can act on.
 * Each keyword has two forms: a sentence for a form field ("Enter a whole number.") and a
 * fragment that follows a column name in a spreadsheet message ("amount: must be a whole number").
 */

type Params = Record<string, unknown>;
type Form = 'sentence' | 'fragment';

const FORMAT_SENTENCES: Record<string, string> = {
  email: 'Enter a valid email address, like name@example.com.',
  uri: 'Enter a full URL, like https://example.com.',
  url: 'Enter a full URL, like https://example.com.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time.',
  time: 'Enter a time as HH:MM.',
  uuid: 'Enter a UUID.',
};

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
  format: (p) => ({
    sentence: FORMAT_SENTENCES[String(p.format)] ?? `Enter a valid ${String(p.format)}.`,
    fragment: `is not a valid ${String(p.format)}`,
  }),
  enum: (p) => ({
    sentence: 'Choose one of the listed options.',
    fragment: `must be one of: ${listed(p.allowedValues)}`,
  }),
  type: (p) => ({
    sentence:
      p.type === 'integer'
        ? 'Enter a whole number.'
        : p.type === 'number'
          ? 'Enter a number.'
          : `Must be a ${String(p.type)}.`,
    fragment: `must be ${String(p.type).replace(',', ' or ')}`,
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
