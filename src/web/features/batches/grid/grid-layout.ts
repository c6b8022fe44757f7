import type { CSSProperties } from 'react';

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
 * Status and error stay pinned at the right edge on wide screens, so a file with many columns still
 * shows why a row failed beside the cells being fixed; on a phone they scroll with the rest.
 * The offset of the status column is the error column's width (W.error).
 */
export const PINNED_STATUS = 'h-full lg:sticky lg:right-[16rem] lg:z-10';
export const PINNED_ERROR =
  'h-full lg:sticky lg:right-0 lg:z-10 lg:border-l lg:border-zinc-200 lg:dark:border-zinc-800';

/** The grid's column template, and its width: absolutely placed rows do not size their parent. */
export function gridLayout(columns: readonly string[]): { gridStyle: CSSProperties; width: string } {
  const order = [W.select, W.row, ...columns.map(() => W.cell), W.results, W.attempt, W.status, W.error];
  return { gridStyle: { gridTemplateColumns: order.join(' ') }, width: `calc(${order.join(' + ')})` };
}

/** A new set with `index` added or removed. */
export function toggled(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}
