import Papa from 'papaparse';
import { neutralizeFormula } from '@contract/spreadsheet-cells';

export { neutralizeFormula };

/**
 * A CSV document (RFC 4180, CRLF line ends) written by papaparse, with a UTF-8 BOM so Excel detects
 * the encoding. Every field is quoted, so no spreadsheet locale splits one (see csvField in the
 * contract), and a cell a spreadsheet would run as a formula gets one `'` in front; nothing else in a
 * cell changes. `neutralize: false` gives the cells back exactly as they are, for files meant to be
 * fixed and uploaded again.
 */
export function csvDocument(
  rows: readonly (readonly string[])[],
  options: { neutralize?: boolean; bom?: boolean } = {},
): string {
  const data = options.neutralize === false ? rows.map((r) => [...r]) : rows.map((r) => r.map(neutralizeFormula));
  const body = Papa.unparse(data, { newline: '\r\n', quotes: true, escapeFormulae: false });
  const text = body === '' ? '' : `${body}\r\n`;
  return options.bom === false ? text : `\uFEFF${text}`;
}
