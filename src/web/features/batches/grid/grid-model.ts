import type { ResultFile } from '@contract/openapi-document';
import type { RowRecord, RowStatus } from '@/batch-engine/batch-types';
import type { CellProblem, Mapping } from '@/batch-engine/batch-types';
import { schemaProperties, type JsonSchema } from '@/features/batches/mapping/schema-info';
import { isFreeText } from '@/lib/free-text';
import type { RowCompiler } from '@/features/batches/mapping/prepare-rows';

/** 'failed' and 'cancelled' split the error rows after a Stop, so real failures are not lost among cancelled runs. */
export type GridFilter = RowStatus | 'all' | 'failed' | 'cancelled';

/**
 * A run ended by a cancel (the local service's extension writes "cancelled by <who>"); other v1
 * servers cannot cancel, so there every error row is a failure.
 */
export const isCancelled = (r: Pick<RowRecord, 'status' | 'error'>): boolean =>
  r.status === 'error' && /^cancelled by /i.test(r.error ?? '');

const matchesStatus = (r: RowRecord, status: GridFilter): boolean =>
  status === 'all' ||
  (status === 'cancelled'
    ? isCancelled(r)
    : status === 'failed'
      ? r.status === 'error' && !isCancelled(r)
      : r.status === status);

/** Whether a row matches a search: any uploaded cell, its error, its execution id or a result file's name or text. */
export function matchesSearch(r: RowRecord, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const has = (s: string | undefined | null) => s != null && s.toLowerCase().includes(q);
  if (String(r.index + 1) === q) return true;
  return (
    r.cells.some(has) ||
    has(r.error) ||
    has(r.executionId) ||
    (r.results ?? []).some((f) => has(f.filename) || has(f.content))
  );
}

/** The rows a filter and a search leave, in row order. */
export function filterRows(rows: readonly RowRecord[], status: GridFilter, query: string): RowRecord[] {
  return rows.filter((r) => matchesStatus(r, status) && matchesSearch(r, query)).sort((a, b) => a.index - b.index);
}

/** The start of a row's first text result, on one line, for the results column. */
export function textStart(files: readonly ResultFile[] | null | undefined, max = 80): string | null {
  const text = files?.find((f) => f.content !== undefined && f.content.trim() !== '')?.content;
  if (text === undefined) return null;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** A failed row can be edited and re-run (attempt n + 1 of the same row); so can a row never sent (skipped or stopped). */
export const canEdit = (r: RowRecord): boolean => r.status === 'error' || r.status === 'skipped';

/** The rows "Re-run all failed" means: those that ran and failed, not those left unsent on purpose. */
export const isFailed = (r: RowRecord): boolean => r.status === 'error';

export interface RowCheck {
  input: Record<string, unknown>;
  problems: CellProblem[];
}

/**
 * Checks edited cells exactly as the upload did (same coercion, same schema, same mapping), so a
 * fix accepted here is one the upload would have accepted.
 */
export const checkCells = (compile: RowCompiler, cells: readonly string[]): RowCheck => compile(cells);

/** Problems of one column, for the message next to its field; the rest go in the row's error cell. */
export function problemsByColumn(problems: readonly CellProblem[]): { byColumn: Map<string, string>; other: string[] } {
  const byColumn = new Map<string, string>();
  const other: string[] = [];
  for (const p of problems) {
    if (p.column === null) other.push(`${p.property || 'Input'}: ${p.message}`);
    else byColumn.set(p.column, byColumn.has(p.column) ? `${byColumn.get(p.column)}; ${p.message}` : p.message);
  }
  return { byColumn, other };
}

/** The columns that fill a free-text field (notes, a message), edited in a multi-line box that keeps line breaks. */
export function freeTextColumns(
  columns: readonly string[],
  mapping: Pick<Mapping, 'columns'> | undefined,
  schema: JsonSchema | null | undefined,
): ReadonlySet<string> {
  const byName = new Map(schemaProperties(schema).map((p) => [p.name, p.schema]));
  return new Set(
    columns.filter((c) => {
      const field = mapping?.columns[c];
      const s = field != null ? byName.get(field) : undefined;
      return s !== undefined && field != null && isFreeText(s, field);
    }),
  );
}
