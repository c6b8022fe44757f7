import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Concurrency } from '../../../contract/openapi-document';
import type { Clock } from '../../clock';
import { freshSchema } from '../../test-support/test-database';
import { openStore, type Store } from '../store';

/** Where one test's stores live: a fresh SQLite directory, or a fresh PostgreSQL schema. */
export interface TestStoreHome {
  dialect: 'sqlite' | 'postgres';
  /** Opens another Store on the same database (a second replica, or a reopen after close). */
  open(clock: Clock): Promise<Store>;
  /** Closes every store it opened and removes the directory or drops the schema. */
  cleanup(): Promise<void>;
}

/**
 * The store tests run on SQLite in the `unit` project and on PostgreSQL in `service-postgres`
 * (TEST_STORE=postgres with TEST_DATABASE_URL), each test in its own schema there.
 */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

export async function testStoreHome(): Promise<TestStoreHome> {
  const opened: Store[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'workflow-store-'));
  const database = testDialect === 'postgres' ? await freshSchema(postgresUrl()) : undefined;
  return {
    dialect: testDialect,
    async open(clock) {
      const store = await openStore({ dataDir: dir, databaseUrl: database?.databaseUrl }, clock);
      opened.push(store);
      return store;
    },
    async cleanup() {
      for (const store of opened) await store.close();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_STORE=postgres needs TEST_DATABASE_URL=postgres://…');
  return url;
}

/** Inserts the account 'acc' and a ready workflow of it with no steps (named `name`); answers the workflow's id. */
export async function addAccountWorkflow(store: Store, concurrency: Concurrency, name = 'n'): Promise<string> {
  await store.accounts.insert({ id: 'acc', name: 'A', key_hash: 'h', created_at: store.nowIso() });
  const workflow = await store.createWorkflow(
    { accountId: 'acc', prompt: 'p', name, description: '', nameGiven: true, descriptionGiven: false },
    { status: 'ready', input_schema: null, steps: '[]', concurrency },
  );
  return workflow.id;
}
