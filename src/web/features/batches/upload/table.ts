/** A parsed spreadsheet: unique, non-empty column names and rows of string cells, one per column. */
export interface Table {
  columns: string[];
  rows: string[][];
}

/** Column letters as a spreadsheet shows them (0 → A, 26 → AA), so messages point at a visible place. */
function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "1, 2 and 3" or "1, 2, 3 and 7 more" for lists in messages. */
export function listForMessage(items: readonly (string | number)[], max = 10): string {
  const shown = items.slice(0, max).map(String);
  const rest = items.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** Checks header names: trims them, drops unnamed columns that hold no data, rejects duplicates. */
export function normalizeTable(
  header: string[],
  rows: string[][],
): { ok: true; table: Table } | { ok: false; error: string } {
  const names = header.map((h) => h.trim());
  const keep: number[] = [];
  const unnamedWithData: string[] = [];
  names.forEach((name, i) => {
    if (name !== '') {
      keep.push(i);
      return;
    }
    if (rows.some((r) => (r[i] ?? '').trim() !== '')) unnamedWithData.push(columnLetter(i));
  });
  if (unnamedWithData.length > 0) {
    return {
      ok: false,
      error: `Column ${listForMessage(unnamedWithData)} ${unnamedWithData.length === 1 ? 'has' : 'have'} data but no name in the header row; add a header.`,
    };
  }
  const seen = new Map<string, number[]>();
  for (const i of keep) {
    const key = names[i]!;
    seen.set(key, [...(seen.get(key) ?? []), i]);
  }
  const dupes = [...seen.entries()].filter(([, at]) => at.length > 1);
  if (dupes.length > 0) {
    const parts = dupes.map(([name, at]) => `"${name}" (columns ${listForMessage(at.map(columnLetter))})`);
    return {
      ok: false,
      error: `Column names must be unique, but these repeat: ${parts.join('; ')}. Rename them and upload again.`,
    };
  }
  if (keep.length === header.length) return { ok: true, table: { columns: names, rows } };
  return {
    ok: true,
    table: { columns: keep.map((i) => names[i]!), rows: rows.map((r) => keep.map((i) => r[i] ?? '')) },
  };
}
