import type { DecimalMark, Mapping } from '@/batch-engine/batch-types';
import { coerceCell, detectDecimalMark } from './coerce';
import { dateFormatOf, detectDateOrder, type ColumnDates } from './dates';
import { matchScore, type MatchReason } from './header-match';
import { schemaTypes, type PropertyInfo } from './schema-info';
import type { Table } from '@/features/batches/upload/table';

export interface MappingCheck {
  /** Problems that must be fixed before anything is sent. */
  blocking: string[];
  /** Worth knowing, not blocking (e.g. columns that are not used). */
  notes: string[];
}

// A person knows a field by its title; the key is the schema's, not theirs.
const propertyLabel = (p: PropertyInfo): string => `"${p.title ?? p.name}"`;

/**
 * Maps each column to the field it fits best (see matchScore: whole name, then title, then shared
 * words and synonyms), best pair first, so no column fills two fields and no field takes two
 * columns. With no properties (a null or open schema) every column is sent under its own name.
 */
export function autoMatch(
  columns: readonly string[],
  props: readonly PropertyInfo[],
): { mapping: Mapping; reasons: Record<string, MatchReason> } {
  if (props.length === 0)
    return { mapping: { columns: Object.fromEntries(columns.map((c) => [c, c])), constants: {} }, reasons: {} };
  const candidates: { column: number; prop: number; score: number; reason: MatchReason }[] = [];
  columns.forEach((c, column) =>
    props.forEach((p, prop) => {
      const m = matchScore(c, p);
      if (m !== null) candidates.push({ column, prop, ...m });
    }),
  );
  // Ties go to the earlier column, then the earlier field, so the result never depends on sort details.
  candidates.sort((a, b) => b.score - a.score || a.column - b.column || a.prop - b.prop);
  const result: Record<string, string | null> = {};
  const reasons: Record<string, MatchReason> = {};
  const taken = new Set<number>();
  for (const m of candidates) {
    const column = columns[m.column]!;
    if (result[column] != null || taken.has(m.prop)) continue;
    result[column] = props[m.prop]!.name;
    reasons[column] = m.reason;
    taken.add(m.prop);
  }
  for (const c of columns) result[c] ??= null;
  return { mapping: { columns: result, constants: {} }, reasons };
}

/** autoMatch's mapping alone. */
export const autoMap = (columns: readonly string[], props: readonly PropertyInfo[]): Mapping =>
  autoMatch(columns, props).mapping;

/** Properties filled by some column. */
export function mappedProperties(mapping: Mapping): Set<string> {
  return new Set(Object.values(mapping.columns).filter((p): p is string => p !== null));
}

/** What blocks submission and what is merely worth saying about a mapping. */
export function checkMapping(
  columns: readonly string[],
  props: readonly PropertyInfo[],
  mapping: Mapping,
): MappingCheck {
  const blocking: string[] = [];
  const notes: string[] = [];
  const byProp = new Map<string, string[]>();
  for (const c of columns) {
    const p = mapping.columns[c];
    if (p != null) byProp.set(p, [...(byProp.get(p) ?? []), c]);
  }
  for (const [p, cs] of byProp) {
    if (cs.length > 1)
      blocking.push(
        `Columns ${cs.map((c) => `"${c}"`).join(' and ')} both fill "${p}"; keep one and ignore the others.`,
      );
  }
  for (const p of props) {
    if (byProp.has(p.name)) continue;
    const constant = mapping.constants[p.name];
    if (constant !== undefined && constant.trim() !== '') {
      const c = coerceCell(constant, p.schema, { decimal: mapping.decimal });
      if (c.kind === 'error') blocking.push(`The value for ${propertyLabel(p)}: ${c.message}.`);
      continue;
    }
    if (p.required)
      blocking.push(
        `Required field ${propertyLabel(p)} has no column. Pick a column for it or set one value for every row.`,
      );
  }
  if (props.length > 0) {
    const ignored = columns.filter((c) => mapping.columns[c] == null);
    if (ignored.length > 0) notes.push(`Not sent: ${ignored.map((c) => `"${c}"`).join(', ')}.`);
  }
  return { blocking, notes };
}

const NUMERIC = (p: PropertyInfo): boolean => {
  const types = schemaTypes(p.schema);
  const items = p.schema.items;
  const itemTypes =
    typeof items === 'object' && items !== null && !Array.isArray(items)
      ? schemaTypes(items as Record<string, unknown>)
      : [];
  return [...types, ...itemTypes].some((t) => t === 'number' || t === 'integer');
};

/**
 * The decimal mark the file's number columns use (first 2,000 rows); certain when no cell
 * contradicts it; null when no column fills a number field, so there is nothing to choose.
 */
export function detectDecimal(
  table: Table,
  props: readonly PropertyInfo[],
  mapping: Mapping,
): { mark: DecimalMark; certain: boolean } | null {
  const numeric = new Set(props.filter(NUMERIC).map((p) => p.name));
  const columns = table.columns.flatMap((c, i) => (numeric.has(mapping.columns[c] ?? '') ? [i] : []));
  if (columns.length === 0) return null;
  function* cells() {
    for (const row of table.rows.slice(0, 2000)) for (const i of columns) yield row[i] ?? '';
  }
  return detectDecimalMark(cells());
}

/** A column that fills a date field and holds dates in a form other than the schema's. */
export interface DateColumn extends ColumnDates {
  column: string;
  property: string;
}

/**
 * How each column filling a `date` or `date-time` field writes its dates (first 2,000 rows):
 * only columns with dates to read are listed.
 */
export function detectDates(
  table: Table,
  props: readonly PropertyInfo[],
  mapping: Pick<Mapping, 'columns'>,
): DateColumn[] {
  const byName = new Map(props.map((p) => [p.name, p]));
  return table.columns.flatMap((column, i) => {
    const property = mapping.columns[column];
    const prop = property == null ? undefined : byName.get(property);
    const format = prop === undefined ? null : dateFormatOf(prop.schema);
    if (prop === undefined || format === null) return [];
    const found = detectDateOrder(
      table.rows.slice(0, 2000).map((r) => r[i] ?? ''),
      format,
    );
    return found.dates > 0 ? [{ ...found, column, property: prop.name }] : [];
  });
}

/** The order each date column proves, for the mapping; columns that prove none are left to the person. */
export const provenDateOrders = (found: readonly DateColumn[]): Record<string, 'dmy' | 'mdy'> =>
  Object.fromEntries(found.flatMap((f) => (f.order === null ? [] : [[f.column, f.order]])));
