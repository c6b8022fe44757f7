export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type ParsedJson = { ok: true; value: JsonValue; pretty: string } | { ok: false; error: string };

/** Parses JSON text; on failure says where, so the text fallback can explain itself. */
export function parseJson(text: string): ParsedJson {
  try {
    const value = JSON.parse(text.replace(/^\uFEFF/, '')) as JsonValue;
    return { ok: true, value, pretty: JSON.stringify(value, null, 2) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export type JsonNodeKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export function jsonKind(value: JsonValue): JsonNodeKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'object' | 'string' | 'number' | 'boolean';
}

export function isContainer(value: JsonValue): value is JsonValue[] | { [key: string]: JsonValue } {
  return value !== null && typeof value === 'object';
}

/** The children of an object or array as [label, value] pairs; labels are keys or indexes. */
export function childEntries(value: JsonValue): [string, JsonValue][] {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  if (isContainer(value)) return Object.entries(value);
  return [];
}

/** A one-line summary shown next to a collapsed container, e.g. "{3 keys}" or "[1 item]". */
export function containerSummary(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isContainer(value)) {
    const n = Object.keys(value).length;
    return `{${n} ${n === 1 ? 'key' : 'keys'}}`;
  }
  return formatScalar(value);
}

/** A scalar as it appears in JSON source (strings quoted and escaped). */
export function formatScalar(value: JsonValue): string {
  return JSON.stringify(value);
}

/** The first two levels start open so the shape is visible without flooding the page. */
const OPEN_DEPTH = 2;

export function startsOpen(depth: number): boolean {
  return depth < OPEN_DEPTH;
}

/** Children are revealed in pages so a 100,000-item array does not render 100,000 rows at once. */
export const CHILD_PAGE = 100;

export function visibleChildCount(total: number, pagesShown: number): number {
  return Math.min(total, pagesShown * CHILD_PAGE);
}
