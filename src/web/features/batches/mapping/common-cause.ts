import type { Table } from '@/features/batches/upload/table';
import type { Prepared } from './prepare-rows';
import { schemaTypes, type PropertyInfo } from './schema-info';

/** The one problem most rows share when every row fails although its columns are matched. */
export interface CommonCause {
  /** The field's title (or name), quoted for a sentence. */
  field: string;
  column: string;
  /** What the field takes, in everyday words ("a date as YYYY-MM-DD"). */
  kind: string;
  /** How many rows fail on it, and the first of them with its message. */
  rows: number;
  row: number;
  /** The cell as the file has it, and what the check said about it. */
  value: string;
  message: string;
}

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date as YYYY-MM-DD',
  'date-time': 'a date and time',
  email: 'an email address',
  uri: 'a web address',
  url: 'a web address',
  time: 'a time of day',
};

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a JSON object',
  string: 'text',
};

function kindOf(p: PropertyInfo | undefined): string {
  if (p === undefined) return 'a value';
  if (typeof p.schema.format === 'string' && FORMAT_WORDS[p.schema.format]) return FORMAT_WORDS[p.schema.format]!;
  if (Array.isArray(p.schema.enum)) return `one of ${p.schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const t = schemaTypes(p.schema).find((x) => x !== 'null');
  return (t !== undefined ? TYPE_WORDS[t] : undefined) ?? 'a value';
}

/**
 * When rows fail on a matched column (a value of the wrong type, not a missing column), the field
 * most rows fail on, with one bad value: the real cause to name instead of "match the columns".
 * Null when some row fails for a field no column fills, since then the mapping is the cause.
 */
export function commonCause(prepared: Prepared, props: readonly PropertyInfo[], table: Table): CommonCause | null {
  const byProperty = new Map<string, { column: string; rows: number; row: number; message: string }>();
  for (const [row, problems] of prepared.problems) {
    const seen = new Set<string>();
    for (const p of problems) {
      if (p.column === null) return null;
      if (seen.has(p.property)) continue;
      seen.add(p.property);
      const found = byProperty.get(p.property);
      if (found === undefined) byProperty.set(p.property, { column: p.column, rows: 1, row, message: p.message });
      else {
        found.rows += 1;
        if (row < found.row) Object.assign(found, { row, message: p.message });
      }
    }
  }
  let best: [string, { column: string; rows: number; row: number; message: string }] | undefined;
  for (const entry of byProperty) if (best === undefined || entry[1].rows > best[1].rows) best = entry;
  if (best === undefined) return null;
  const [property, found] = best;
  const prop = props.find((p) => p.name === property);
  const value = table.rows[found.row]?.[table.columns.indexOf(found.column)] ?? '';
  return { field: `“${prop?.title ?? property}”`, kind: kindOf(prop), value, ...found };
}
