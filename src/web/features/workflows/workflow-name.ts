/** Every dash a keyboard or a word processor may type: hyphen, en and em dash, minus and the like. */
const DASHES = /[\p{Pd}\u2212]/gu;
const SINGLE_QUOTES = /[\u2018\u2019\u201A\u2032]/g;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u2033]/g;

/** A workflow name reduced to what a person means by it: one kind of dash and quote, no case, no spaces. */
function comparable(name: string): string {
  return name
    .normalize('NFKC')
    .replace(DASHES, '-')
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .toLowerCase()
    .replace(/\s+/g, '');
}

/**
 * Whether `typed` names the workflow called `name`, so a confirmation does not hinge on an en dash
 * the keyboard cannot type, on capitals or on spacing. Blank never matches.
 */
export function namesMatch(typed: string, name: string): boolean {
  const wanted = comparable(name);
  return wanted !== '' && comparable(typed) === wanted;
}
