import { useSyncExternalStore, type CSSProperties } from 'react';
import type { Mapping } from '@/batch-engine/batch-types';
import { schemaProperties, type JsonSchema } from '@/features/batches/mapping/schema-info';

/** Column widths; the uploaded columns all get `cell`. */
export const W = {
  select: '2.75rem',
  row: '4.25rem',
  cell: '11rem',
  status: '8.5rem',
  attempt: '6.5rem',
  error: '16rem',
  results: '18rem',
};

/**
 * The grid in three parts, each in its own track: select and row number pinned at the left,
 * the uploaded columns (then results and attempt) in a strip that scrolls sideways, and status
 * and error pinned at the right. Pinned columns take their own space, so no data cell is ever
 * drawn under them, and the row's error stays beside the cells being fixed.
 */
export function gridLayout(columns: readonly string[]): {
  rowStyle: CSSProperties;
  dataStyle: CSSProperties;
  dataWidth: string;
} {
  const data = [...columns.map(() => W.cell), W.results, W.attempt];
  const dataWidth = `calc(${data.join(' + ')})`;
  return {
    // The strip shrinks to what is left of the width; it never grows past its columns.
    rowStyle: { gridTemplateColumns: `${W.select} ${W.row} minmax(0, ${dataWidth}) ${W.status} ${W.error}` },
    dataStyle: { gridTemplateColumns: data.join(' '), width: dataWidth },
    dataWidth,
  };
}

/**
 * How far to scroll so that [start, end] lies inside [viewStart, viewEnd]: 0 when it already does,
 * else the smallest move; an item longer than the view is aligned on its start.
 */
export function revealDelta(start: number, end: number, viewStart: number, viewEnd: number): number {
  if (start >= viewStart && end <= viewEnd) return 0;
  if (start < viewStart || end - start > viewEnd - viewStart) return start - viewStart;
  return end - viewEnd;
}

/**
 * The label of each uploaded column on a phone card: the title of the field it fills, else the
 * header as uploaded (a person's own word beats a key).
 */
export function columnLabels(
  columns: readonly string[],
  mapping: Pick<Mapping, 'columns'> | undefined,
  schema: JsonSchema | null | undefined,
): string[] {
  const titles = new Map(schemaProperties(schema).map((p) => [p.name, p.title]));
  return columns.map((c) => {
    const field = mapping?.columns[c];
    return (field != null ? titles.get(field) : undefined) ?? c;
  });
}

/** Below this width rows are cards: the grid's pinned columns alone take about 500 px. */
const CARDS_QUERY = '(width < 48rem)';

function subscribeCards(changed: () => void): () => void {
  const list = matchMedia(CARDS_QUERY);
  list.addEventListener('change', changed);
  return () => list.removeEventListener('change', changed);
}

/** Whether the rows show as cards (a phone or a narrow window); follows resizes. */
export function useCards(): boolean {
  return useSyncExternalStore(subscribeCards, () => matchMedia(CARDS_QUERY).matches);
}

/** A new set with `index` added or removed. */
export function toggled(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}
