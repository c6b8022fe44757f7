import { splitDelimited, type DelimitedRows } from '@/lib/csv/split-delimited';
import { listForMessage, normalizeTable, type Table } from './table';

/** The largest spreadsheet accepted: past this the browser tab, not the service, becomes the limit. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export type ParseResult = { ok: true; table: Table; delimiter: string } | { ok: false; error: string };

export const tooLargeMessage = (bytes: number): string =>
  `This file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', '\t': 'tab', ';': 'semicolon', '|': 'pipe' };
const delimiterName = (d: string): string => DELIMITER_NAMES[d] ?? JSON.stringify(d);

/** The delimiters a spreadsheet upload may use, in the order they are tried. */
export const UPLOAD_DELIMITERS = [',', '\t', ';', '|'];

/**
 * Checks split rows as an upload: a header and at least one row, quotes closed, every row as wide
 * as the header (trailing empty cells forgiven), and column names unique.
 */
export function tableFromRows({ rows, delimiter, problems }: DelimitedRows): ParseResult {
  const quoteErrors = problems.flatMap((p) => (p.type === 'Quotes' && p.row !== undefined ? [p.row] : []));
  const [header, ...data] = rows;
  if (header === undefined) return { ok: false, error: 'The file is empty.' };
  if (data.length === 0) return { ok: false, error: 'The file has a header row but no data rows.' };
  if (quoteErrors.length > 0) {
    // Papa's row index counts the header as 0, which makes it the 1-based data row number.
    return {
      ok: false,
      error: `A quoted cell is not closed properly in row ${listForMessage(quoteErrors)} (rows count from 1 under the header).`,
    };
  }
  const width = header.length;
  const ragged: number[] = [];
  for (let i = 0; i < data.length; i += 1) {
    const row = data[i]!;
    if (row.length === width) continue;
    // Trailing empty cells (a stray comma at the end) are harmless; anything else shifts values into the wrong column.
    if (row.length > width && row.slice(width).every((c) => c.trim() === '')) {
      data[i] = row.slice(0, width);
      continue;
    }
    ragged.push(i + 1);
  }
  if (ragged.length > 0) {
    const what = ragged.length === 1 ? `Row ${ragged[0]} does not have` : `${ragged.length} rows do not have`;
    const which = ragged.length === 1 ? '' : `: rows ${listForMessage(ragged)}`;
    return {
      ok: false,
      error: `${what} the header's ${width} columns${which} (rows count from 1 under the header). Look for an unquoted ${delimiterName(delimiter)} inside a value.`,
    };
  }
  const normalized = normalizeTable(header, data);
  if (!normalized.ok) return normalized;
  return { ok: true, table: normalized.table, delimiter };
}

/** Parses CSV/TSV text into a checked table; `onProgress` reports the share of characters read. */
export function parseCsvText(text: string, onProgress?: (fraction: number) => void): ParseResult {
  if (text.trim() === '') return { ok: false, error: 'The file is empty.' };
  return tableFromRows(splitDelimited(text, { delimitersToGuess: UPLOAD_DELIMITERS }, onProgress));
}
