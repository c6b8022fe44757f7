import type { Table } from '@/features/batches/upload/table';
import { completeUrl, wantsFullAddress } from '@/lib/complete-url';
import type { Mapping } from '@/batch-engine/batch-types';
import { coerceCell, describeCoercion, type CoerceOptions } from './coerce';
import type { PropertyInfo } from './schema-info';

// What the mapping table shows beside each column: an example cell, what converting did, which addresses were completed.

/** Rows scanned per column for the conversion example: enough to find one, cheap at 10,000 rows. */
const PREVIEW_ROWS = 500;

export const sample = (table: Table, i: number): string => {
  const cell = table.rows.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? '';
  return cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
};

/** The first of the column's cells (index `i`) that converting changes, shown as "$1,200.00 → 1200". */
function conversionExample(table: Table, i: number, prop: PropertyInfo, options: CoerceOptions): string | null {
  for (const row of table.rows.slice(0, PREVIEW_ROWS)) {
    const raw = row[i] ?? '';
    const c = coerceCell(raw, prop.schema, options);
    const said = c.kind === 'value' ? describeCoercion(raw, c.value) : null;
    if (said !== null) return said.length > 60 ? `${said.slice(0, 60)}…` : said;
  }
  return null;
}

/** How many of the column's cells are bare domains that get https:// in front. */
const completedCount = (table: Table, i: number): number =>
  table.rows.filter((row) => completeUrl(row[i] ?? '') !== null).length;

/**
 * What the mapping table notes beside each mapped column: an example of what converting did, and
 * for a column sent to a website field, how many of its addresses get https:// in front.
 */
export function columnNotes(
  table: Table,
  props: readonly PropertyInfo[],
  mapping: Mapping,
): { examples: Map<string, string>; completed: Map<string, number> } {
  const byName = new Map(props.map((p) => [p.name, p]));
  const examples = new Map<string, string>();
  const completed = new Map<string, number>();
  table.columns.forEach((column, i) => {
    const prop = byName.get(mapping.columns[column] ?? '');
    if (prop === undefined) return;
    const example = conversionExample(table, i, prop, { decimal: mapping.decimal, dateOrder: mapping.dates?.[column] });
    if (example !== null) examples.set(column, example);
    const added = wantsFullAddress(prop.schema) ? completedCount(table, i) : 0;
    if (added > 0) completed.set(column, added);
  });
  return { examples, completed };
}
