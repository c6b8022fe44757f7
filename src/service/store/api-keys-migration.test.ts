import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { hashKey } from '../accounts/keys';
import { manualClock } from '../clock';
import { KeyResolver } from '../http/plugins/auth';
import { testDatabase, type TestDatabase } from '../test-support/test-database';
import { MIGRATIONS } from './db/migrations';
import type { StoreDialect } from './db/open';
import type { Database } from './db/schema';
import { openStore, type Store } from './store';

const clock = manualClock(Date.UTC(2026, 10, 26, 12));
let dir: string | undefined;
let database: TestDatabase | undefined;
let store: Store | undefined;

afterEach(async () => {
  await store?.close();
  store = undefined;
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A database as the service left it before keys had a table of their own: every migration but the keys one. */
async function databaseBeforeKeys(): Promise<string | undefined> {
  dir = mkdtempSync(join(tmpdir(), 'workflow-keys-migration-'));
  database = await testDatabase();
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
    const keysMigration = MIGRATIONS.findIndex((m) => m.toString().includes('api_keys'));
    for (let i = 0; i < keysMigration; i++) {
      await MIGRATIONS[i]!(db, dialect);
      await db
        .insertInto('migrations')
        .values({ version: i + 1, applied_at: 'x' })
        .execute();
    }
    const account = (id: string, key: string, revoked: string | null) => ({
      id,
      name: `Account ${id}`,
      key_hash: hashKey(key),
      created_at: '2026-01-01T00:00:00.000000Z',
      revoked_at: revoked,
      source: 'command' as const,
    });
    await db
      .insertInto('accounts')
      .values([account('old', 'old-key', null), account('gone', 'gone-key', '2026-02-01T00:00:00.000000Z')])
      .execute();
  } finally {
    await db.destroy();
  }
  return url;
}

describe('moving each account’s key into api_keys', () => {
  it('keeps every existing key opening its own account, and a revoked one revoked', async () => {
    const url = await databaseBeforeKeys();
    store = await openStore({ dataDir: dir!, databaseUrl: url }, clock);
    const keys = new KeyResolver(store, clock);
    expect(await keys.resolve('old-key')).toMatchObject({ account: { id: 'old' }, key: { name: 'Account old' } });
    expect(await keys.resolve('gone-key')).toBeNull();
    expect(await store.apiKeys.page('old', null, 100)).toEqual([
      expect.objectContaining({
        created_at: '2026-01-01T00:00:00.000000Z',
        source: 'command',
        role: 'admin',
        revoked_at: null,
      }),
    ]);
    expect((await store.apiKeys.page('gone', null, 100))[0]?.revoked_at).toBe('2026-02-01T00:00:00.000000Z');
  });
});
