import type * as PapaModule from 'papaparse';
import { toCsvTable, type CsvTable } from './csv-table-model';

export type DelimitedKind = 'csv' | 'tsv';
type Papa = Pick<typeof PapaModule, 'parse'>;

/** Enough text to detect the delimiter and show the first rows, without touching the rest. */
const HEAD_CHARS = 64 * 1024;

/** The text up to the last line break within the first HEAD_CHARS characters (all of it when short). */
function textHead(text: string): string {
  if (text.length <= HEAD_CHARS) return text;
  const cut = text.lastIndexOf('\n', HEAD_CHARS);
  return text.slice(0, cut > 0 ? cut + 1 : HEAD_CHARS);
}

/**
 * Parses CSV (delimiter detected, so ";" files work too) or TSV text with the given papaparse
 * module; it takes the module as an argument so the main thread can import it lazily and the
 * worker statically. With previewRows it parses just the header and that many rows.
 */
export function parseWithPapa(papa: Papa, text: string, kind: DelimitedKind, previewRows = 0): CsvTable {
  const head = textHead(text);
  // papaparse splits its whole input while guessing, once per candidate; guessing on the head keeps big files fast.
  const delimiter =
    kind === 'tsv' ? '\t' : papa.parse<string[]>(head, { preview: 10, skipEmptyLines: 'greedy' }).meta.delimiter || ',';
  if (previewRows > 0) {
    const result = papa.parse<string[]>(head, { delimiter, skipEmptyLines: 'greedy', preview: previewRows + 2 });
    const wanted = previewRows + 1;
    // A row cut off at the end of the head would be wrong, so a short head drops its last row.
    const rows = result.data.length > wanted || head === text ? result.data.slice(0, wanted) : result.data.slice(0, -1);
    return toCsvTable(rows);
  }
  const result = papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  return toCsvTable(result.data, result.errors);
}
