/** What a report shows for a missing or empty value. */
export const MISSING = '—';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Missing, blank or without content: undefined, null, '', NaN, [] and {}. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'number') return !Number.isFinite(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return false;
}

/** The text a value reads as in a report: lists joined by commas, objects as `key: value` pairs. */
export function formatValue(value: unknown): string {
  if (isEmpty(value)) return MISSING;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(formatValue).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${formatValue(item)}`)
      .join('; ');
  return String(value);
}
