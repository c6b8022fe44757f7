import type { Table } from '@/features/batches/upload/table';
import { completeUrl, wantsFullAddress } from '@/lib/complete-url';
import type { Mapping } from '@/batch-engine/batch-types';
import { coerceCell, describeCoercion } from './coerce';
import type { PropertyInfo } from './schema-info';

// What the mapping table shows beside each column: an example cell, what converting did, which addresses were completed.

/** Rows scanned per column for the conversion example: enough to find one, cheap at 10,000 rows. */
const PREVIEW_ROWS = 500;

export const sample = (table: Table, i: number): string => {
  const cell = table.rows.find((r) => (r[i] ?? '').trim() !== '')?.[i] ?? '';
  return cell.length > 40 ? `${cell.slice(0, 40)}…` : cell;
};

/** Per mapped column: the first cell the coercion changes, shown as "$1,200.00 → 1200". */
export function conversionExamples(
  table: Table,
  props: readonly PropertyInfo[],
  mapping: Mapping,
): Map<string, string> {
  const byName = new Map(props.map((p) => [p.name, p]));
  const out = new Map<string, string>();
  table.columns.forEach((column, i) => {
    const prop = byName.get(mapping.columns[column] ?? '');
    if (prop === undefined) return;
    for (const row of table.rows.slice(0, PREVIEW_ROWS)) {
      const raw = row[i] ?? '';
      const c = coerceCell(raw, prop.schema, { decimal: mapping.decimal, dateOrder: mapping.dates?.[column] });
      const said = c.kind === 'value' ? describeCoercion(raw, c.value) : null;
      if (said !== null) {
        out.set(column, said.length > 60 ? `${said.slice(0, 60)}…` : said);
        return;
      }
    }
  });
  return out;
}

/** Per column sent to a website field: how many of its cells are bare domains that get https:// in front. */
export function completedAddresses(
  table: Table,
  props: readonly PropertyInfo[],
  mapping: Mapping,
): Map<string, number> {
  const byName = new Map(props.map((p) => [p.name, p]));
  const out = new Map<string, number>();
  table.columns.forEach((column, i) => {
    const prop = byName.get(mapping.columns[column] ?? '');
    if (prop === undefined || !wantsFullAddress(prop.schema)) return;
    let n = 0;
    for (const row of table.rows) if (completeUrl(row[i] ?? '') !== null) n += 1;
    if (n > 0) out.set(column, n);
  });
  return out;
}
