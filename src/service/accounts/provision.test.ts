import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKFLOWS } from './demo-workflows';
import { useFreshStore } from '../test-support/use-service';
import { generateKey, hashKey } from './keys';
import { ensureDevKey, provisionKeys } from './provision';

const { store, dataDir } = useFreshStore('workflow-accounts-');

describe('generateKey', () => {
  it('makes wk_ keys with 32 base64url characters, never the same twice', () => {
    const keys = new Set(Array.from({ length: 100 }, generateKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^wk_[\w-]{32}$/);
  });
});

describe('provisionKeys', () => {
  it('creates one account per key, storing only hashes, and is idempotent', async () => {
    expect(await provisionKeys(store, ['ka', 'kb'])).toHaveLength(2);
    expect(await provisionKeys(store, ['ka', 'kb', 'kc'])).toHaveLength(1);
    const accounts = await store.accounts.list();
    expect(accounts).toHaveLength(3);
    expect(accounts.map((a) => a.key_hash)).toEqual(['ka', 'kb', 'kc'].map(hashKey));
    expect(JSON.stringify(await store.kysely.selectFrom('accounts').selectAll().execute())).not.toMatch(/"k[abc]"/);
  });

  it('gives each new account the demo workflows, ready to run', async () => {
    const [account] = await provisionKeys(store, ['ka']);
    const workflows = await store.workflows.page(account!.id, null, 100);
    expect(workflows).toHaveLength(DEMO_WORKFLOWS.length);
    expect(workflows.every((w) => w.status === 'ready' && w.steps !== null)).toBe(true);
  });
});

describe('ensureDevKey', () => {
  it('creates a dev key on first start, saved with mode 0600, and reuses it later', async () => {
    const first = await ensureDevKey(store, dataDir());
    expect(first?.created).toBe(true);
    const file = join(dataDir(), 'dev-key.txt');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await ensureDevKey(store, dataDir())).toEqual({ key: first!.key, created: false });
  });

  it('makes no key when accounts already exist that it did not create', async () => {
    await provisionKeys(store, ['ka']);
    expect(await ensureDevKey(store, dataDir())).toBeNull();
    expect(existsSync(join(dataDir(), 'dev-key.txt'))).toBe(false);
  });

  it('stops offering the key once its account is revoked', async () => {
    const first = (await ensureDevKey(store, dataDir()))!;
    await store.accounts.revoke((await store.accounts.byKeyHash(hashKey(first.key)))!.id, store.nowIso());
    expect(await ensureDevKey(store, dataDir())).toBeNull();
  });
});
