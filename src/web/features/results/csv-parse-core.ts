import type * as PapaModule from 'papaparse';
import { toCsvTable, type CsvTable } from './csv-table-model';

export type DelimitedKind = 'csv' | 'tsv';
type Papa = Pick<typeof PapaModule, 'parse'>;

/**
 * Parses CSV (delimiter detected, so ";" files work too) or TSV text with the given papaparse
 * module; it takes the module as an argument so the main thread can import it lazily and the
 * worker statically.
 */
export function parseWithPapa(papa: Papa, text: string, kind: DelimitedKind): CsvTable {
  const result = papa.parse<string[]>(text, {
    delimiter: kind === 'tsv' ? '\t' : '',
    skipEmptyLines: 'greedy',
  });
  // A one-column file has no delimiter to detect; that is not a problem worth showing.
  const errors = result.errors.filter((e) => e.code !== 'UndetectableDelimiter');
  return toCsvTable(result.data, errors);
}
