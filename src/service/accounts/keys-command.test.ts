import { describe, expect, it } from 'vitest';
import { useFreshStore } from '../test-support/use-service';
import { hashKey } from './keys';
import { runKeysCommand } from './keys-command';

const { store } = useFreshStore('workflow-keys-');

describe('keys command', () => {
  it('creates an account and prints its key once; only the hash is stored', async () => {
    const output = await runKeysCommand(store, ['create', 'CI', 'robot']);
    const key = /API key \(shown once, store it now\): (wk_\S+)/.exec(output)![1]!;
    const account = await store.accounts.byKeyHash(hashKey(key));
    expect(account).toMatchObject({ name: 'CI robot', revoked_at: null });
    expect(await runKeysCommand(store, ['list'])).not.toContain(key);
  });

  it('lists accounts and revokes one by id', async () => {
    await runKeysCommand(store, ['create']);
    const [account] = await store.accounts.list();
    expect(await runKeysCommand(store, ['list'])).toContain(`${account!.id}  API key  created`);
    expect(await runKeysCommand(store, ['revoke', account!.id])).toContain(`Revoked account ${account!.id}`);
    expect(await runKeysCommand(store, ['list'])).toContain('revoked');
    await expect(runKeysCommand(store, ['revoke', account!.id])).rejects.toThrow(
      `no active account with id ${account!.id}`,
    );
  });

  it('explains its usage for a missing or unknown command', async () => {
    expect(await runKeysCommand(store, ['list'])).toBe('No accounts yet.');
    await expect(runKeysCommand(store, [])).rejects.toThrow(/^Usage: npm run keys -- <command>/);
    await expect(runKeysCommand(store, ['rotate'])).rejects.toThrow(/unknown command "rotate"/);
    await expect(runKeysCommand(store, ['revoke'])).rejects.toThrow(/revoke needs an account id/);
  });
});
