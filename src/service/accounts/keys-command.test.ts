import { describe, expect, it } from 'vitest';
import { useFreshStore } from '../test-support/use-service';
import { hashKey } from './keys';
import { runKeysCommand } from './keys-command';

const { store } = useFreshStore('workflow-keys-');

describe('keys command', () => {
  it('creates an account and prints its key once; only the hash is stored', () => {
    const output = runKeysCommand(store, ['create', 'CI', 'robot']);
    const key = /API key \(shown once, store it now\): (wk_\S+)/.exec(output)![1]!;
    const account = store.accounts.byKeyHash(hashKey(key));
    expect(account).toMatchObject({ name: 'CI robot', revoked_at: null });
    expect(runKeysCommand(store, ['list'])).not.toContain(key);
  });

  it('lists accounts and revokes one by id', () => {
    runKeysCommand(store, ['create']);
    const [account] = store.accounts.list();
    expect(runKeysCommand(store, ['list'])).toContain(`${account!.id}  API key  created`);
    expect(runKeysCommand(store, ['revoke', account!.id])).toContain(`Revoked account ${account!.id}`);
    expect(runKeysCommand(store, ['list'])).toContain('revoked');
    expect(() => runKeysCommand(store, ['revoke', account!.id])).toThrow(`no active account with id ${account!.id}`);
  });

  it('explains its usage for a missing or unknown command', () => {
    expect(runKeysCommand(store, ['list'])).toBe('No accounts yet.');
    expect(() => runKeysCommand(store, [])).toThrow(/^Usage: npm run keys -- <command>/);
    expect(() => runKeysCommand(store, ['rotate'])).toThrow(/unknown command "rotate"/);
    expect(() => runKeysCommand(store, ['revoke'])).toThrow(/revoke needs an account id/);
  });
});
