import type { RJSFValidationError } from '@rjsf/utils';

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Enter a valid email address, like name@example.com.',
  uri: 'Enter a full URL, like https://example.com.',
  url: 'Enter a full URL, like https://example.com.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time.',
  time: 'Enter a time as HH:MM.',
  uuid: 'Enter a UUID.',
};

const plural = (n: unknown, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

/** Rewrites ajv's messages ("must have required property 'x'") into ones a person can act on. */
export function friendlyMessage(error: Pick<RJSFValidationError, 'name' | 'params' | 'message'>): string {
  const p = (error.params ?? {}) as Record<string, unknown>;
  switch (error.name) {
    case 'required':
      return 'This field is required.';
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? `Enter a valid ${String(p.format)}.`;
    case 'enum':
      return 'Choose one of the listed options.';
    case 'type':
      return p.type === 'integer' ? 'Enter a whole number.' : p.type === 'number' ? 'Enter a number.' : `Must be a ${String(p.type)}.`;
    case 'minLength':
      return p.limit === 1 ? 'This field is required.' : `Enter at least ${plural(p.limit, 'character')}.`;
    case 'maxLength':
      return `Enter at most ${plural(p.limit, 'character')}.`;
    case 'minimum':
      return `Must be ${String(p.limit)} or more.`;
    case 'maximum':
      return `Must be ${String(p.limit)} or less.`;
    case 'minItems':
      return `Add at least ${plural(p.limit, 'item')}.`;
    case 'maxItems':
      return `Use at most ${plural(p.limit, 'item')}.`;
    case 'pattern':
      return 'This does not have the expected format.';
    default: {
      const message = error.message ?? 'This value is not valid.';
      return message.charAt(0).toUpperCase() + message.slice(1);
    }
  }
}

export const transformErrors = (errors: RJSFValidationError[]): RJSFValidationError[] =>
  errors.map((e) => ({ ...e, message: friendlyMessage(e) }));

/**
 * Splits a server 400 message like "input.company: must be string; input.tags/0: must be string"
 * into field paths, so errors the form could not foresee still land under their field.
 */
export function parseServerInputErrors(message: string): { path: string[]; message: string }[] {
  const found: { path: string[]; message: string }[] = [];
  for (const part of message.split(/;\s*|\n/)) {
    const match = /^\s*input((?:[./][A-Za-z0-9_-]+)*)\s*:\s*(.+)$/.exec(part);
    if (!match) continue;
    const path = match[1]!.split(/[./]/).filter(Boolean);
    found.push({ path, message: match[2]!.trim() });
  }
  return found;
}
