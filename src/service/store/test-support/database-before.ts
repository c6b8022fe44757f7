import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { testDatabase } from '../../test-support/test-database';
import { MIGRATIONS } from '../db/migrations';
import type { StoreDialect } from '../db/open';
import type { Database } from '../db/schema';
import type { StoreLocation } from '../store';

/** A database as an older service left it, for a migration's test. */
export interface OldDatabase {
  location: StoreLocation;
  /** Drops the schema (PostgreSQL) and removes the directory; close the stores opened on it first. */
  cleanup(): Promise<void>;
}

/**
 * A database (SQLite, or PostgreSQL with TEST_DATABASE_URL) with every migration before
 * `MIGRATIONS[stop]` applied and recorded, as the service left it then; `fill` then writes the
 * rows the test watches the migration move.
 */
export async function databaseBefore(
  stop: number,
  fill: (db: Kysely<Database>) => Promise<void>,
): Promise<OldDatabase> {
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
