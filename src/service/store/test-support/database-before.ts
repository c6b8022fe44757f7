import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach } from 'vitest';
import { testDatabase } from '../../test-support/test-database';
import { MIGRATIONS } from '../db/migrations';
import type { StoreDialect } from '../db/open';
import type { Database } from '../db/schema';
import type { Clock } from '../../clock';
import { openStore, type Store, type StoreLocation } from '../store';

/** A database as an older service left it, for a migration's test. */
interface OldDatabase {
  location: StoreLocation;
  /** Drops the schema (PostgreSQL) and removes the directory; close the stores opened on it first. */
  cleanup(): Promise<void>;
}

/**
 * A database (SQLite, or PostgreSQL with TEST_DATABASE_URL) with every migration before
 * `MIGRATIONS[stop]` applied and recorded, as the service left it then; `fill` then writes the
 * rows the test watches the migration move.
 */
async function databaseBefore(stop: number, fill: (db: Kysely<Database>) => Promise<void>): Promise<OldDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'workflow-migration-'));
  const database = await testDatabase();
  const url = database.databaseUrl;
  const dialect: StoreDialect = url ? 'postgres' : 'sqlite';
  const db = new Kysely<Database>({
    dialect: url
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) })
      : new SqliteDialect({ database: new BetterSqlite3(join(dir, 'service.db')) }),
  });
  try {
    await db.schema
      .createTable('migrations')
      .addColumn('version', 'integer', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute();
    for (let i = 0; i < stop; i++) {
      await MIGRATIONS[i]!(db, dialect);
      await db
        .insertInto('migrations')
        .values({ version: i + 1, applied_at: 'x' })
        .execute();
    }
    await fill(db);
  } finally {
    await db.destroy();
  }
  return {
    location: { dataDir: dir, databaseUrl: url },
    async cleanup() {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a migration's test file: answers a function that makes a database as the service left it
 * before `MIGRATIONS[stop]` (see databaseBefore), fills it, and opens a Store on it, which runs
 * the rest of the migrations. After each test the store is closed and the database dropped.
 */
export function useMigratedStore(
  clock: Clock,
): (stop: number, fill: (db: Kysely<Database>) => Promise<void>) => Promise<Store> {
  let old: OldDatabase | undefined;
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
    await old?.cleanup();
    old = undefined;
  });
  return async (stop, fill) => {
    old = await databaseBefore(stop, fill);
    store = await openStore(old.location, clock);
    return store;
  };
}
