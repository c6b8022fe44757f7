/** Characters that start inline markdown syntax anywhere in a line. */
const INLINE_SPECIAL = /[\\`*_[\]<>|~]/g;
/**
 * What starts a block when it opens a line: a heading (`# `), a quote (`>`), a bullet (`- `, `+ `),
 * an ordered item (`1. `) or a setext underline (`===`, `---`). "-5" or "#tag" start nothing.
 */
const LINE_START = /^(#{1,6}(?=\s|$)|>|[+-](?=\s|$)|=+(?=\s*$)|-+(?=\s*$)|\d+(?=[.)](?:\s|$)))/;

/**
 * Makes a value safe to drop into markdown: it reads as the same text and never turns into
 * headings, lists, links, emphasis or table cells. Leading indentation is dropped so a value never
 * becomes a code block.
 */
export function escapeMarkdown(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const body = line
        .trimStart()
        .replace(INLINE_SPECIAL, '\\$&')
        .replace(/&(?=#?\w+;)/g, '\\&');
      return body.replace(LINE_START, (match) => (/^\d/.test(match) ? `${match}\\` : `\\${match}`));
    })
    .join('\n');
}
