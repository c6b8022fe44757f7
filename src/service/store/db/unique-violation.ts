/**
 * A unique-key violation, as either database reports it: PostgreSQL by its SQLSTATE, SQLite by
 * its message. Callers treat it as "another request wrote the same row first".
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('UNIQUE constraint failed'));
}
