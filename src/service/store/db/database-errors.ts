/**
 * A unique-key violation, as either database reports it: PostgreSQL by its SQLSTATE, SQLite by
 * its message. Callers treat it as "another request wrote the same row first".
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}

/**
 * The store's database cannot answer just now (PostgreSQL down, restarting, out of connections, or a
 * dropped connection; SQLite locked past its busy timeout): a client should retry, not report a bug.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'SQLITE_BUSY',
]);

export function isDatabaseUnavailable(error: { code?: string | undefined; message: string }): boolean {
  const code = error.code;
  if (code === undefined) return /^Connection terminated/.test(error.message);
  // SQLSTATE class 08 is "connection exception"; 57P01-03 an admin shutdown, crash or start-up; 53300 too many connections.
  return UNAVAILABLE_CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code) || code === '53300';
}
