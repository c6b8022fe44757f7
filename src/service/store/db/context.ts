import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { ReadIfIdle, RunPrepared, StoreDialect } from './open';
import type { Database } from './schema';

/** What every repo works with: the database (or the open transaction) and its dialect. */
export interface StoreContext {
  db: Kysely<Database>;
  dialect: StoreDialect;
  /** SQLite outside a transaction: the hot reads' shortcut past Kysely's connection handling. */
  readIfIdle?: ReadIfIdle | undefined;
  /** PostgreSQL outside a transaction: the hot statements' shortcut to named prepared statements. */
  runPrepared?: RunPrepared | undefined;
}

/** Runs `fn` in a transaction, or in the caller's when `db` already is one. */
export function atomically<T>(ctx: StoreContext, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return ctx.db.isTransaction ? fn(ctx.db) : ctx.db.transaction().execute(fn);
}

/*
 * The few places where SQLite and PostgreSQL spell a thing differently. Everything else is written
 * once with Kysely's builders.
 */

/** The larger of two numbers: SQLite's two-argument MAX is PostgreSQL's GREATEST. */
export function greatest<T extends number | string>(
  dialect: StoreDialect,
  a: Expression<T>,
  b: Expression<T>,
): RawBuilder<T> {
  return dialect === 'postgres' ? sql<T>`GREATEST(${a}, ${b})` : sql<T>`MAX(${a}, ${b})`;
}

/**
 * `column IN (ids)` with the ids as ONE parameter (a JSON array on SQLite, an array on
 * PostgreSQL), so 10,000 ids stay within both bind-variable limits and the statement's text, hence
 * its cached prepared form, does not depend on how many there are.
 */
export function inList(
  dialect: StoreDialect,
  column: Expression<string | null>,
  ids: readonly string[],
): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} = ANY(${[...ids]})`
    : sql<SqlBool>`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/** A column the SQLite planner must not pick an index for (unary +); PostgreSQL needs no hint. */
export function notIndexed<T>(dialect: StoreDialect, column: Expression<T>): Expression<T> {
  return dialect === 'sqlite' ? sql<T>`+${column}` : column;
}

/** Epoch milliseconds of a stored ISO timestamp column, rounded to the millisecond. */
export function epochMs(dialect: StoreDialect, column: Expression<string | null>): RawBuilder<number> {
  // julianday's floating point lands a hair before an exact boundary; rounding puts it back.
  return dialect === 'postgres'
    ? sql<number>`ROUND(EXTRACT(EPOCH FROM CAST(${column} AS timestamptz)) * 1000)`
    : sql<number>`ROUND((julianday(${column}) - 2440587.5) * 86400000)`;
}

/** Integer division rounding toward zero, for bucket numbers. */
export function intDiv(dialect: StoreDialect, a: Expression<number>, b: Expression<number>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`CAST(TRUNC((${a}) / ${b}) AS bigint)`
    : sql<number>`CAST((${a}) / ${b} AS INTEGER)`;
}
