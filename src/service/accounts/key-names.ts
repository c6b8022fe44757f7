/** The most characters a key's name has, once trimmed. */
export const KEY_NAME_MAX = 100;

/**
 * Characters a name must not hold: control characters (line breaks and terminal escapes among
 * them), the Unicode line and paragraph separators, and the marks and overrides that reorder
 * bidirectional text. Each would let a name forge lines or hide what it says where it is printed
 * (the dashboard, `npm run keys -- list`, logs).
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;
const UNPRINTABLE_ALL = new RegExp(UNPRINTABLE.source, 'gu');

/** What is wrong with a trimmed key name, as the end of a sentence starting "name …"; null when nothing. */
export function keyNameProblem(name: string): string | null {
  if (name === '') return 'must not be blank: say who will use the key';
  if (name.length > KEY_NAME_MAX) return `must be at most ${KEY_NAME_MAX} characters (it has ${name.length})`;
  if (UNPRINTABLE.test(name)) {
    return 'must not contain line breaks, control characters or characters that reverse the direction of text';
  }
  return null;
}

/**
 * A name as a terminal may print it: every character `keyNameProblem` refuses (names made before
 * that check may hold them) written as a \u escape, and backslashes doubled so an escape cannot be faked.
 */
export function printableName(name: string): string {
  return name
    .replace(/\\/g, '\\\\')
    .replace(UNPRINTABLE_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
