import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from './schema';

/**
 * How many rows of `table` pass `where`, with one COUNT(*). Drivers answer the count as a number
 * (SQLite) or a string (PostgreSQL's bigint): both come back a number.
 */
export async function countRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  where: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
): Promise<number> {
  // Kysely cannot type a builder over a generic table: `where` was checked against `T` at the call.
  const row = await db
    .selectFrom(table as keyof Database)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where as never)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
