import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from './migrations';
import type { StoreDialect } from './dialect';
import type { Database } from './schema';

/** Any fixed number: replicas starting together queue on this advisory lock while one migrates. */
const MIGRATION_LOCK = 7_413_000_013;

async function appliedVersion(db: Kysely<Database>): Promise<number> {
  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const row = await db
    .selectFrom('migrations')
    .select((eb) => eb.fn.coalesce(eb.fn.max('version'), eb.lit(0)).as('v'))
    .executeTakeFirst();
  const applied = Number(row?.v ?? 0);
  if (applied > MIGRATIONS.length) {
    throw new Error(
      `the database was created by a newer version of this service (schema ${applied}); upgrade the service`,
    );
  }
  return applied;
}

/**
 * How many of this service's migrations the database still lacks (0 once migrated), read without
 * creating anything: a cheap query that also proves the database answers.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('migrations')
    .select((eb) => eb.fn.coalesce(eb.fn.max('version'), eb.lit(0)).as('v'))
    .executeTakeFirst();
  return Math.max(0, MIGRATIONS.length - Number(row?.v ?? 0));
}

async function apply(db: Kysely<Database>, dialect: StoreDialect, version: number): Promise<void> {
  await MIGRATIONS[version - 1]!(db, dialect);
  await db.insertInto('migrations').values({ version, applied_at: new Date().toISOString() }).execute();
}

/**
 * Applies the migrations this database lacks. On PostgreSQL all of it is one transaction under a
 * transaction-scoped advisory lock, so a second replica waits and then finds nothing left to do
 * (DDL is transactional there). SQLite applies each migration in its own transaction, as before.
 */
export async function migrate(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  if (dialect === 'postgres') {
    await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(tx);
      const applied = await appliedVersion(tx);
      for (let version = applied + 1; version <= MIGRATIONS.length; version++) await apply(tx, dialect, version);
    });
    return;
  }
  const applied = await appliedVersion(db);
  for (let version = applied + 1; version <= MIGRATIONS.length; version++) {
    await db.transaction().execute((tx) => apply(tx, dialect, version));
  }
}
