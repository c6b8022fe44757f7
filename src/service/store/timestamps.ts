/**
 * created_at values are microsecond ISO strings ("2026-11-21T23:06:29.123456Z"). The fixed width
 * makes string order equal time order, so SQLite compares them as plain text.
 */

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(z|[+-]\d{2}:\d{2})$/i;

/** The stored form's bounds: every stored value sorts between them as text. */
const EARLIEST = '0000-01-01T00:00:00.000000Z';
const LATEST = '9999-12-31T23:59:59.999999Z';

/** Formats microseconds since the epoch as a fixed-width ISO string. */
export function formatMicros(micros: number): string {
  const millis = Math.floor(micros / 1000);
  const rest = micros - millis * 1000;
  return `${new Date(millis).toISOString().slice(0, 23)}${String(rest).padStart(3, '0')}Z`;
}

/**
 * Splits an RFC 3339 date-time into whole UTC seconds since the epoch and microseconds, or null
 * when it is not one. Kept apart because microseconds since the epoch lose precision past 2255.
 */
function parseInstant(text: string): { seconds: number; micros: number } | null {
  const match = ISO_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction = '', zone = 'Z'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  let seconds = date.getTime() / 1000 + hour * 3600 + minute * 60 + second;
  let micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
  if (/[1-9]/.test(fraction.slice(6))) micros += 1;
  if (micros === 1_000_000) {
    seconds += 1;
    micros = 0;
  }
  if (zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    seconds -= sign * (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60);
  }
  return { seconds, micros };
}

/**
 * Parses an RFC 3339 date-time into microseconds since the epoch, or null when it is not one.
 * Digits past the sixth are rounded up, so "older than this cursor" never includes the cursor itself.
 */
export function parseMicros(text: string): number | null {
  const instant = parseInstant(text);
  return instant === null ? null : instant.seconds * 1_000_000 + instant.micros;
}

/**
 * Normalizes any RFC 3339 timestamp to the stored format, or returns null when it is not one.
 * Instants outside years 0000-9999 (reachable through an offset) clamp to the nearest bound.
 */
export function normalizeTimestamp(text: string): string | null {
  const instant = parseInstant(text);
  if (instant === null) return null;
  const iso = new Date(instant.seconds * 1000).toISOString();
  if (iso.startsWith('-')) return EARLIEST;
  if (iso.startsWith('+')) return LATEST;
  return `${iso.slice(0, 19)}.${String(instant.micros).padStart(6, '0')}Z`;
}

/**
 * Hands out strictly increasing created_at values per account, bumping by 1 µs on collision. The
 * last value lives in the accounts row and is advanced atomically in the caller's transaction, so
 * replicas sharing one database never hand out the same or an older value (no cache in memory).
 */
export class TimestampIssuer {
  constructor(
    private readonly nowMicros: () => number,
    /** Raises the account's last value to at least `now + count - 1` (and by `count`), returning it. */
    private readonly reserve: (accountId: string, count: number, nowMicros: number) => Promise<number | undefined>,
  ) {}

  /** Reserves `count` consecutive microsecond values; call inside the transaction that uses them. */
  async issue(accountId: string, count = 1): Promise<number[]> {
    const now = Math.floor(this.nowMicros());
    const newest = (await this.reserve(accountId, count, now)) ?? now + count - 1;
    const first = newest - count + 1;
    return Array.from({ length: count }, (_, i) => first + i);
  }
}
