import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { MIGRATIONS } from './db/migrations';
import { openStore, type Store } from './store';

const clock = manualClock(Date.UTC(2026, 10, 21, 23, 6, 29, 123));
let dir: string;
let store: Store | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'workflow-store-sqlite-'));
});
afterEach(async () => {
  await store?.close();
  store = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A service.db as the service before #13 left it: migrations 1-4 applied, with one account, workflow and run. */
function writeVersion4Database(): void {
  const db = new Database(join(dir, 'service.db'));
  db.exec(readFileSync(new URL('./test-support/schema-v4.sql', import.meta.url), 'utf8'));
  db.exec(`CREATE TABLE migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
    INSERT INTO migrations VALUES (1, 'x'), (2, 'x'), (3, 'x'), (4, 'x');
    INSERT INTO accounts (id, name, key_hash, created_at, last_created_us) VALUES ('acc', 'A', 'h', '2026-01-01T00:00:00.000000Z', 1767225600000002);
    INSERT INTO workflows VALUES ('w', 'acc', 'n', '', 'p', 1, 0, 'ready', NULL, NULL, '[]', 'low', '2026-01-01T00:00:00.000000Z', '2026-01-01T00:00:00.000000Z', NULL);
    INSERT INTO executions (id, account_id, workflow_id, input, status, created_at) VALUES ('e', 'acc', 'w', '{}', 'initial', '2026-01-01T00:00:00.000001Z');`);
  db.close();
}

describe('Store on SQLite', () => {
  it('uses WAL, keeps the file private and applies each migration once', async () => {
    store = await openStore({ dataDir: dir }, clock);
    const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.kysely);
    expect(rows[0]?.journal_mode).toBe('wal');
    expect(statSync(join(dir, 'service.db')).mode & 0o777).toBe(0o600);
    await store.close();
    store = await openStore({ dataDir: dir }, clock);
    const versions = await store.kysely.selectFrom('migrations').select('version').orderBy('version').execute();
    expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('migrates a version-4 database forward and keeps its rows and stamps', async () => {
    writeVersion4Database();
    store = await openStore({ dataDir: dir }, clock);
    const versions = await store.kysely.selectFrom('migrations').select('version').orderBy('version').execute();
    expect(versions.map((row) => row.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(await store.executions.byId('e')).toMatchObject({ status: 'initial', owner: null, lease_until: null });
    const claimed = await store.executions.claimNext('w', {
      now: clock.now(),
      limitMs: 1_000,
      owner: 'me',
      leaseUntil: clock.now() + 1_000,
      maxPerWorkflow: 10,
    });
    expect(claimed).toEqual([
      { id: 'e', account_id: 'acc', workflow_id: 'w', batch_id: null, batch_cap: null, attempt: 1 },
    ]);
    // The clock stands before the stored last stamp: the next one follows the stored value.
    clock.set(Date.UTC(2025, 0, 1));
    const [next] = await store.createExecutions('acc', 'w', [{}], null);
    expect(next!.created_at).toBe('2026-01-01T00:00:00.000003Z');
    expect((await store.rateWindows.hit('k', 1_000, 60_000)).count).toBe(1);
    // The account's key moved to api_keys: it still opens the same account.
    expect(await store.apiKeys.holderOf('h')).toMatchObject({
      account: { id: 'acc' },
      key: { name: 'A' },
      revoked: false,
    });
  });

  it('marks the accounts that WORKFLOW_API_KEYS and the dev key made before sources were stored', async () => {
    writeVersion4Database();
    const db = new Database(join(dir, 'service.db'));
    db.exec(`INSERT INTO accounts (id, name, key_hash, created_at) VALUES
        ('env', 'WORKFLOW_API_KEYS #1', 'h1', '2026-01-02T00:00:00.000000Z'),
        ('dev', 'Local developer', 'h2', '2026-01-03T00:00:00.000000Z');
      INSERT INTO meta VALUES ('dev_account_id', 'dev');`);
    db.close();
    store = await openStore({ dataDir: dir }, clock);
    expect((await store.accounts.list()).map((account) => [account.id, account.source])).toEqual([
      ['acc', 'command'],
      ['env', 'environment'],
      ['dev', 'developer'],
    ]);
  });

  it('refuses a database from a newer version of the service', async () => {
    store = await openStore({ dataDir: dir }, clock);
    await store.kysely.insertInto('migrations').values({ version: 99, applied_at: 'x' }).execute();
    await store.close();
    store = undefined;
    await expect(openStore({ dataDir: dir }, clock)).rejects.toThrow(/newer version/);
  });
});
