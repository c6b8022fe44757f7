/** "1 row", "2 rows", "10,000 rows": a count with its noun, in English as the whole dashboard is. */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
