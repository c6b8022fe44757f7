import { coerceCell, detectDecimalMark, type DecimalMark } from './coerce';
import { headerKey } from './header-match';
import { schemaTypes, type PropertyInfo } from './schema-info';
import type { Table } from '@/features/batches/upload/table';

/** How columns become input fields. */
export interface Mapping {
  /** Column name → input property, or null when the column is ignored. */
  columns: Record<string, string | null>;
  /** Property → text sent for every row, used only for properties no column fills. */
  constants: Record<string, string>;
  /** How numbers in the file write their decimals: "." (1,234.50) or "," (1.234,50); "." when absent. */
  decimal?: DecimalMark;
}

export interface MappingCheck {
  /** Problems that must be fixed before anything is sent. */
  blocking: string[];
  /** Worth knowing, not blocking (e.g. columns that are not used). */
  notes: string[];
}

const propertyLabel = (p: PropertyInfo): string =>
  p.title !== undefined && p.title !== p.name ? `"${p.title}" (${p.name})` : `"${p.name}"`;

/**
 * Maps each column to the property whose name, or else title, matches it (see headerKey: case,
 * punctuation, units and abbreviations do not matter). With no
 * properties (a null or open schema) every column is sent under its own name.
 */
export function autoMap(columns: readonly string[], props: readonly PropertyInfo[]): Mapping {
  if (props.length === 0) return { columns: Object.fromEntries(columns.map((c) => [c, c])), constants: {} };
  const byName = new Map<string, string>();
  const byTitle = new Map<string, string>();
  for (const p of props) {
    byName.set(headerKey(p.name), p.name);
    if (p.title !== undefined && !byTitle.has(headerKey(p.title))) byTitle.set(headerKey(p.title), p.name);
  }
  const taken = new Set<string>();
  const result: Record<string, string | null> = {};
  // Name matches win over title matches, so a pass over names comes first.
  for (const pass of [byName, byTitle]) {
    for (const c of columns) {
      if (result[c] != null) continue;
      const key = headerKey(c);
      const prop = key === '' ? undefined : pass.get(key);
      if (prop !== undefined && !taken.has(prop)) {
        result[c] = prop;
        taken.add(prop);
      }
    }
  }
  for (const c of columns) result[c] ??= null;
  return { columns: result, constants: {} };
}

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
