import { badRequest } from '../plugins/errors';

/**
 * Texts stored and shown back as they are (a cancel reason and an approval comment become the run's
 * error; a batch's file name, columns and mapping come back to everyone on the account); NUL and
 * unpaired surrogates break other clients and exports, and PostgreSQL cannot store NUL.
 */
const STORED_TEXT = ['prompt', 'name', 'description', 'comment', 'reason', 'file_name'] as const;
/** Fields stored as JSON whose every text (keys included, at any depth) is shown back as typed. */
const STORED_JSON = ['columns', 'mapping'] as const;
const UNSTORABLE = /\0|\p{Cs}/u;

/** Whether any text in `value` (object keys included) cannot be stored; without recursion, so any depth is safe. */
function holdsUnstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (UNSTORABLE.test(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * The one check every request body passes before its route stores any of it: 400 naming the
 * field that holds text the database cannot keep. Run inputs are not checked: they are stored
 * as JSON, whose escapes hold any text.
 */
export function requireStorableText(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  for (const field of STORED_TEXT) {
    const value = fields[field];
    if (typeof value === 'string' && UNSTORABLE.test(value))
      throw badRequest(`${field} must not contain NUL characters or unpaired surrogates`);
  }
  for (const field of STORED_JSON) {
    if (fields[field] !== undefined && holdsUnstorable(fields[field]))
      throw badRequest(`${field} must not contain NUL characters or unpaired surrogates`);
  }
}
