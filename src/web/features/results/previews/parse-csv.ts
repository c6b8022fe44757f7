import { readDelimited, type ReadOptions } from '@/lib/csv/read-delimited';
import { toCsvTable, type CsvTable } from './csv-table-model';

export type DelimitedKind = 'csv' | 'tsv';

/** A TSV is split on tabs only; a CSV's delimiter is guessed, so ";" files work too. */
const optionsFor = (kind: DelimitedKind): ReadOptions => (kind === 'tsv' ? { delimiter: '\t' } : {});

async function readTable(text: string, options: ReadOptions): Promise<CsvTable> {
  const r = await readDelimited(text, options);
  if (!r.ok) throw new Error(r.error);
  return toCsvTable(r.rows, r.problems);
}

/** Only the first rows (plus the header), parsed on the main thread in a few milliseconds to show something at once. */
export function parseFirstRows(text: string, kind: DelimitedKind, rows: number): Promise<CsvTable> {
  return readTable(text, { ...optionsFor(kind), previewRows: rows });
}

/** Parses CSV/TSV text with papaparse, loaded only when needed, off the main thread when the text is big. */
export function parseDelimited(text: string, kind: DelimitedKind): Promise<CsvTable> {
  return readTable(text, optionsFor(kind));
}
