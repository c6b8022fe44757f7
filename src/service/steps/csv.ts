import { csvField } from '../../contract/spreadsheet-cells';

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value) ?? '';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Writes rows as RFC 4180 CSV (CRLF line ends), each cell as the dashboard's exports write it (see
 * csvField: every field quoted, one `'` before a formula trigger). Objects give one column per key,
 * in first-seen order across all rows; plain values go in a column named `valueColumn`.
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
  const line = (cells: string[]) => cells.map(csvField).join(',');
  const lines = [line(columns)];
  for (const row of rows) {
    const cells = columns.map((name) => {
      if (isRecord(row)) return Object.hasOwn(row, name) ? cellText(row[name]) : '';
      return name === valueColumn ? cellText(row) : '';
    });
    lines.push(line(cells));
  }
  return `${lines.join('\r\n')}\r\n`;
}
