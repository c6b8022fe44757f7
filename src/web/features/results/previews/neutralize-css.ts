/**
 * Makes a result's CSS unable to load anything, whatever escapes it hides behind. CSS escapes
 * (`\75 rl(` is `url(`) are decoded first and no backslash is left, so the browser reads exactly the
 * characters checked here; then every function that can fetch (url, image-set, image, cross-fade,
 * element, src, expression, with any vendor prefix) is renamed so its declaration is dropped, and
 * `@import` becomes an unknown at-rule. `<` goes too, so a style sheet can never close its own element.
 */
const ESCAPE = /\\(?:([0-9a-fA-F]{1,6})(?:\r\n|[ \t\r\n\f])?|(?:\r\n|[\r\n\f])|([\s\S])|$)/g;
const LOADING_FUNCTION = /[\w-]*(?:url|image-set|image|cross-fade|element|src|expression)\s*\(/gi;
const IMPORT = /@import/gi;

function decodeEscapes(css: string): string {
  return css.replace(ESCAPE, (_match, hex: string | undefined, other: string | undefined) => {
    if (hex !== undefined) {
      const code = parseInt(hex, 16);
      const valid = code !== 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\uFFFD';
    }
    return other ?? '';
  });
}

export function neutralizeCss(css: string): string {
  return decodeEscapes(css).replace(/[\\<]/g, '').replace(LOADING_FUNCTION, 'blocked(').replace(IMPORT, '@blocked');
}

/** Whether CSS (or an SVG attribute such as fill="url(#x)") would try to load something. */
export function cssCanLoad(css: string): boolean {
  const plain = decodeEscapes(css).replace(/\\/g, '');
  LOADING_FUNCTION.lastIndex = 0;
  IMPORT.lastIndex = 0;
  return LOADING_FUNCTION.test(plain) || IMPORT.test(plain);
}
