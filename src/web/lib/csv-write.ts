import Papa from 'papaparse';

/** A cell a spreadsheet reads as a number; such cells are data, never a formula, and stay untouched. */
const PLAIN_NUMBER = /^[+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?$/;

/** Where a formula can begin: the cell's start, or right after a separator a spreadsheet may split on. */
const SEGMENT_START = /(^|[,;\t|])([ ]*)(?=[=+\-@\t\r])/g;

/** Whether the text after a segment start is a formula trigger rather than a plain number such as -75.00. */
function triggers(rest: string): boolean {
  if (rest.startsWith('\t') || rest.startsWith('\r')) return true;
  const segment = /^[^,;|\t]*/.exec(rest)?.[0] ?? '';
  return !PLAIN_NUMBER.test(segment.trim());
}

/**
 * Neutralizes a cell that a spreadsheet would run as a formula (OWASP CSV injection): a quote goes in
 * front of each segment that starts with = + - @, a tab or a carriage return, at the start of the
 * cell or after a separator inside it (`x;=1+1`, since a ";" locale splits there). Numbers such as
 * -75.00 or -5 are left exactly as they are.
 */
export function neutralizeFormula(cell: string): string {
  if (PLAIN_NUMBER.test(cell)) return cell;
  return cell.replace(SEGMENT_START, (match: string, separator: string, spaces: string, offset: number) => {
    const rest = cell.slice(offset + match.length);
    return triggers(rest) ? `${separator}${spaces}'` : match;
  });
}

/**
 * A CSV document (RFC 4180: quoted as needed, CRLF line ends) written by papaparse, with a UTF-8 BOM
 * so Excel detects the encoding. `neutralize: false` gives the cells back exactly as they are, for
 * files meant to be fixed and uploaded again.
 */
export function csvDocument(
  rows: readonly (readonly string[])[],
  options: { neutralize?: boolean; bom?: boolean } = {},
): string {
  const data = options.neutralize === false ? rows.map((r) => [...r]) : rows.map((r) => r.map(neutralizeFormula));
  const body = Papa.unparse(data, { newline: '\r\n', quotes: false, escapeFormulae: false });
  const text = body === '' ? '' : `${body}\r\n`;
  return options.bom === false ? text : `\uFEFF${text}`;
}
