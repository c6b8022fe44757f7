import Papa from 'papaparse';
import { listForMessage, normalizeTable, type Table } from './table';

/** The largest spreadsheet accepted: past this the browser tab, not the service, becomes the limit. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export type ParseResult = { ok: true; table: Table; delimiter: string } | { ok: false; error: string };

const NOT_TEXT =
  'This file is not text; is it really a CSV? If it came from Excel, save it as "CSV UTF-8" or upload the .xlsx itself.';

export const tooLargeMessage = (bytes: number): string =>
  `This file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`;

/** Decodes UTF-8 (BOM or not) or BOM-marked UTF-16 strictly, so a binary file is refused instead of read as garbage. */
export function decodeText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return {
      ok: false,
      error: 'This file is a zip archive (an Excel workbook?), not a CSV. If it is a workbook, rename it to .xlsx.',
    };
  }
  let encoding = 'utf-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (bytes.includes(0)) return { ok: false, error: NOT_TEXT };
  try {
    // TextDecoder drops the BOM itself (ignoreBOM defaults to false).
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    if (encoding !== 'utf-8' && text.includes('\u0000')) return { ok: false, error: NOT_TEXT };
    return { ok: true, text };
  } catch {
    return { ok: false, error: NOT_TEXT };
  }
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', '\t': 'tab', ';': 'semicolon', '|': 'pipe' };
const delimiterName = (d: string): string => DELIMITER_NAMES[d] ?? JSON.stringify(d);

/**
 * Parses CSV/TSV text into a checked table. Pure and synchronous so node tests and the worker share
 * it; `onProgress` reports the share of characters consumed, chunk by chunk.
 */
export function parseCsvText(text: string, onProgress?: (fraction: number) => void): ParseResult {
  if (text.trim() === '') return { ok: false, error: 'The file is empty.' };
  const rows: string[][] = [];
  const quoteErrors: number[] = [];
  let delimiter = ',';
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', '\t', ';', '|'],
    chunkSize: 1024 * 1024,
    chunk(results: Papa.ParseResult<string[]>) {
      delimiter = results.meta.delimiter || delimiter;
      const base = rows.length;
      for (const row of results.data) rows.push(row);
      for (const e of results.errors) {
        if (e.type === 'Quotes' && typeof e.row === 'number') quoteErrors.push(base + e.row);
      }
      onProgress?.(Math.min(1, results.meta.cursor / text.length));
    },
    // Papa runs string input synchronously even in chunk mode; complete is required by its typings only.
    complete() {},
  });
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

/** Decodes and parses file bytes; the size limit is checked before anything is read. */
export function parseCsvBytes(bytes: Uint8Array, onProgress?: (fraction: number) => void): ParseResult {
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, error: tooLargeMessage(bytes.length) };
  if (bytes.length === 0) return { ok: false, error: 'The file is empty.' };
  const decoded = decodeText(bytes);
  if (!decoded.ok) return decoded;
  return parseCsvText(decoded.text, onProgress);
}
