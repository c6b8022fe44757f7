/** Characters that make spreadsheet apps read a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a would-be formula with a quote so Excel and Sheets show it as text instead of running it. */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Quotes a field per RFC 4180 when it holds a comma, quote, CR or LF. */
export function quoteField(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * One RFC 4180 record: fields neutralised against formula injection, then quoted as needed,
 * ending in CRLF.
 */
export function csvRecord(cells: readonly string[], options: { neutralise?: boolean } = {}): string {
  const safe = options.neutralise === false ? cells : cells.map(neutralise);
  return `${safe.map(quoteField).join(',')}\r\n`;
}

/** A whole CSV document; the UTF-8 BOM lets Excel detect the encoding. */
export function csvDocument(rows: readonly (readonly string[])[], options: { neutralise?: boolean; bom?: boolean } = {}): string {
  const body = rows.map((r) => csvRecord(r, options)).join('');
  return options.bom === false ? body : `\uFEFF${body}`;
}
