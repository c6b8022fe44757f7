import Papa from 'papaparse';

/** A problem papaparse met, its row counted among all rows read (the header is row 0). */
export interface DelimitedProblem {
  type: string;
  message: string;
  row?: number;
}

/** Delimited text split into rows of cells, before any reading of what the rows mean. */
export interface DelimitedRows {
  rows: string[][];
  delimiter: string;
  problems: DelimitedProblem[];
}

export interface SplitOptions {
  /** The delimiter, when the kind of file says it (TSV); otherwise it is guessed from the head of the text. */
  delimiter?: string;
  /** The candidates for the guess; papaparse's own list when absent. */
  delimitersToGuess?: string[];
  /** Only the header and this many rows, read from the head of the text (what shows at once). */
  previewRows?: number;
}

/** Enough text to detect the delimiter and show the first rows, without touching the rest. */
const HEAD_CHARS = 64 * 1024;
/** Progress is reported once per slice of this many characters. */
const CHUNK_CHARS = 1024 * 1024;

const NOT_TEXT =
  'This file is not text; is it really a CSV? If it came from Excel, save it as "CSV UTF-8" or upload the .xlsx itself.';

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

/** The text up to the last line break within the first HEAD_CHARS characters (all of it when short). */
function textHead(text: string): string {
  if (text.length <= HEAD_CHARS) return text;
  const cut = text.lastIndexOf('\n', HEAD_CHARS);
  return text.slice(0, cut > 0 ? cut + 1 : HEAD_CHARS);
}

const problemOf = (e: Papa.ParseError, base = 0): DelimitedProblem => ({
  type: e.type,
  message: e.message,
  ...(typeof e.row === 'number' ? { row: base + e.row } : {}),
});

/** Every row, a slice at a time so `onProgress` hears the share of characters read after each. */
function splitInSlices(text: string, delimiter: string, onProgress: (fraction: number) => void): DelimitedRows {
  const rows: string[][] = [];
  const problems: DelimitedProblem[] = [];
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    chunkSize: CHUNK_CHARS,
    chunk(results: Papa.ParseResult<string[]>) {
      const base = rows.length;
      for (const row of results.data) rows.push(row);
      for (const e of results.errors) problems.push(problemOf(e, base));
      onProgress(Math.min(1, results.meta.cursor / text.length));
    },
    // Papa runs string input synchronously even in chunk mode; complete is required by its typings only.
    complete() {},
  });
  return { rows, delimiter, problems };
}

/**
 * Splits CSV (delimiter guessed, so ";" files work too) or TSV text into rows, blank lines
 * skipped. Pure and synchronous, so node tests, the worker and this thread share it.
 */
export function splitDelimited(
  text: string,
  options: SplitOptions = {},
  onProgress?: (fraction: number) => void,
): DelimitedRows {
  const head = textHead(text);
  // papaparse splits its whole input while guessing, once per candidate; guessing on the head keeps big files fast.
  const guess = options.delimitersToGuess === undefined ? {} : { delimitersToGuess: options.delimitersToGuess };
  const delimiter =
    options.delimiter ??
    (Papa.parse<string[]>(head, { preview: 10, skipEmptyLines: 'greedy', ...guess }).meta.delimiter || ',');
  const previewRows = options.previewRows ?? 0;
  if (previewRows > 0) {
    const result = Papa.parse<string[]>(head, { delimiter, skipEmptyLines: 'greedy', preview: previewRows + 2 });
    const wanted = previewRows + 1;
    // A row cut off at the end of the head would be wrong, so a short head drops its last row.
    const rows = result.data.length > wanted || head === text ? result.data.slice(0, wanted) : result.data.slice(0, -1);
    return { rows, delimiter, problems: [] };
  }
  if (onProgress !== undefined) return splitInSlices(text, delimiter, onProgress);
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  return { rows: result.data, delimiter, problems: result.errors.map((e) => problemOf(e)) };
}
