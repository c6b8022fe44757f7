import { describe, expect, it } from 'vitest';
import { hashKey } from '../accounts/keys';
import { manualClock } from '../clock';
import { KeyResolver } from '../http/plugins/auth';
import { MIGRATIONS } from './db/migrations';
import type { Store } from './store';
import { useMigratedStore } from './test-support/database-before';

const clock = manualClock(Date.UTC(2026, 10, 26, 12));
const migrated = useMigratedStore(clock);

/** A store opened on a database as the service left it before keys had a table of their own. */
function databaseBeforeKeys(): Promise<Store> {
  return migrated(
    MIGRATIONS.findIndex((m) => m.toString().includes('api_keys')),
    async (db) => {
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
    },
  );
}

describe('moving each account’s key into api_keys', () => {
  it('keeps every existing key opening its own account, and a revoked one revoked', async () => {
    const store = await databaseBeforeKeys();
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
