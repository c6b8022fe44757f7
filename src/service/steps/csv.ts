/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Plain numbers such as `-5` or `+1.5` are data, not formulas, and stay as they are. */
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/** Prefixes a quote to text a spreadsheet would otherwise evaluate. */
export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralizeCell(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return neutralizeCell(JSON.stringify(value) ?? '');
}

/** RFC 4180 quoting: fields with a comma, quote or line break are quoted, quotes doubled. */
function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Writes rows as RFC 4180 CSV (CRLF line ends). Objects give one column per key, in first-seen
 * order across all rows; plain values go in a column named `valueColumn`.
 */
export function toCsv(rows: unknown[], valueColumn: string): string {
  const columns: string[] = [];
  const seen = new Set<string>();
  const addColumn = (name: string) => {
    if (!seen.has(name)) {
      seen.add(name);
      columns.push(name);
    }
  };
  for (const row of rows) {
    if (isRecord(row)) Object.keys(row).forEach(addColumn);
    else addColumn(valueColumn);
  }
  if (columns.length === 0) addColumn(valueColumn);
  // A lone empty cell is written as "" so its row is not mistaken for a blank line.
  const line = (cells: string[]) => (cells.length === 1 && cells[0] === '' ? '""' : cells.map(quote).join(','));
  const lines = [line(columns.map(neutralizeCell))];
  for (const row of rows) {
    const cells = columns.map((name) => {
      if (isRecord(row)) return Object.hasOwn(row, name) ? cellText(row[name]) : '';
      return name === valueColumn ? cellText(row) : '';
    });
    lines.push(line(cells));
  }
  return `${lines.join('\r\n')}\r\n`;
}
