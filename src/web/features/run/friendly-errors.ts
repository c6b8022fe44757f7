import type { RJSFValidationError } from '@rjsf/utils';
import { validationMessage } from '@/lib/validation-messages';

/** Rewrites ajv's messages ("must have required property 'x'") into ones a person can act on. */
export function friendlyMessage(error: Pick<RJSFValidationError, 'name' | 'params' | 'message'>): string {
  return validationMessage(
    error.name ?? '',
    error.params as Record<string, unknown> | undefined,
    error.message,
    'sentence',
  );
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
