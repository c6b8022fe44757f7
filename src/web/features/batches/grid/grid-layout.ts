import { useSyncExternalStore, type CSSProperties } from 'react';
import type { Mapping } from '@/batch-engine/batch-types';
import { schemaProperties, type JsonSchema } from '@/features/batches/mapping/schema-info';

/** Column widths; the uploaded columns all get `cell`. */
export const W = {
  select: '2.25rem',
  row: '3rem',
  cell: '11rem',
  results: '16rem',
  attempt: '6rem',
  /** Status with the row's error under it: the one column pinned at the right. */
  status: '10rem',
};

/**
 * The grid in three parts, each in its own track: select and row number pinned at the left, a
 * strip that scrolls sideways with the results first (in view without scrolling), then the
 * uploaded columns and the attempt, and the status with the row's error pinned at the right.
 * Pinned columns take their own space (together under a quarter of the grid on a 1280 px page, about 1,060 px wide), so no data
 * cell is ever drawn under them, and the row's error stays beside the cells being fixed.
 */
export function gridLayout(columns: readonly string[]): {
  rowStyle: CSSProperties;
  dataStyle: CSSProperties;
  dataWidth: string;
} {
  const data = [W.results, ...columns.map(() => W.cell), W.attempt];
  const dataWidth = `calc(${data.join(' + ')})`;
  return {
    // The strip shrinks to what is left of the width; it never grows past its columns.
    rowStyle: { gridTemplateColumns: `${W.select} ${W.row} minmax(0, ${dataWidth}) ${W.status}` },
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
