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
    expect(await runKeysCommand(store, ['revoke', account!.id])).toContain(
      `Revoked account ${account!.id} and all its keys`,
    );
    expect(await runKeysCommand(store, ['list'])).toContain('revoked');
    await expect(runKeysCommand(store, ['revoke', account!.id])).rejects.toThrow(
      `no active account or key with id ${account!.id}`,
    );
  });

  it('adds a named key to an existing account, listed under it; revoking it leaves the first key working', async () => {
    const created = await runKeysCommand(store, ['create', 'Team']);
    const first = /API key \(shown once, store it now\): (wk_\S+)/.exec(created)![1]!;
    const [account] = await store.accounts.list();
    const output = await runKeysCommand(store, ['add', account!.id, 'Robot', 'two']);
    const second = /API key \(shown once, store it now\): (wk_\S+)/.exec(output)![1]!;
    expect(await store.apiKeys.holderOf(hashKey(second))).toMatchObject({
      account: { id: account!.id },
      key: { name: 'Robot two' },
      revoked: false,
    });
    const keyId = /Added key (\S+)/.exec(output)![1]!;
    const listed = await runKeysCommand(store, ['list']);
    expect(listed).toContain(`  key ${keyId}  Robot two  admin  created`);
    expect(listed).not.toContain(second);
    expect(await runKeysCommand(store, ['revoke', keyId])).toBe(
      `Revoked key ${keyId}; it stops working within a few seconds.`,
    );
    expect((await store.apiKeys.holderOf(hashKey(second)))?.revoked).toBe(true);
    expect((await store.apiKeys.holderOf(hashKey(first)))?.revoked).toBe(false);
    await expect(runKeysCommand(store, ['add', 'nobody'])).rejects.toThrow('no active account with id nobody');
  });

  it('explains its usage for a missing or unknown command', async () => {
    expect(await runKeysCommand(store, ['list'])).toBe('No accounts yet.');
    await expect(runKeysCommand(store, [])).rejects.toThrow(/^Usage: npm run keys -- <command>/);
    await expect(runKeysCommand(store, ['rotate'])).rejects.toThrow(/unknown command "rotate"/);
    await expect(runKeysCommand(store, ['revoke'])).rejects.toThrow(/revoke needs an account or key id/);
  });
});

describe('keys retention', () => {
  const service = { days: 30, maxRuns: 100_000 };

  it("shows and sets an account's own retention, and default puts the service's back", async () => {
    await runKeysCommand(store, ['create', 'Team']);
    const [account] = await store.accounts.list();
    const id = account!.id;
    expect(await runKeysCommand(store, ['retention', id], service)).toBe(
      `Account ${id} keeps ended runs for 30 days after they end (the service's), the newest 100,000 (the service's).`,
    );
    expect(await runKeysCommand(store, ['retention', id, '7', '500'], service)).toBe(
      `Account ${id} keeps ended runs for 7 days after they end (its own), the newest 500 (its own).`,
    );
    expect(await store.retention.ofAccount(id)).toEqual({ days: 7, maxRuns: 500 });
    await runKeysCommand(store, ['retention', id, 'default'], service);
    expect(await store.retention.ofAccount(id)).toEqual({ days: null, maxRuns: 500 });
  });

  it("refuses more than the service's, or what is not a whole number, saying why", async () => {
    await runKeysCommand(store, ['create']);
    const [account] = await store.accounts.list();
    await expect(runKeysCommand(store, ['retention', account!.id, '31'], service)).rejects.toThrow(
      "days can be at most 30, the service's setting; an account keeps less, never more",
    );
    await expect(runKeysCommand(store, ['retention', account!.id, 'soon'], service)).rejects.toThrow(
      'days must be a whole number, 1 or more, or "default" (got "soon")',
    );
    await expect(runKeysCommand(store, ['retention', 'nobody'], service)).rejects.toThrow('no account with id nobody');
  });

  it('prints names escaped in list, so a name made before names were checked cannot forge lines or send escapes', async () => {
    const created = await runKeysCommand(store, ['create', 'Team']);
    const accountId = /Created account (\S+)/.exec(created)![1]!;
    await store.kysely
      .updateTable('api_keys')
      .set({ name: 'Dana\nRevoked key x\u001b[2J\u202eevil\\u0041' })
      .where('account_id', '=', accountId)
      .execute();
    const listed = await runKeysCommand(store, ['list']);
    expect(listed).toContain('Dana\\u000aRevoked key x\\u001b[2J\\u202eevil\\\\u0041');
    expect(listed.split('\n').some((line) => line.startsWith('Revoked key x'))).toBe(false);
    expect(listed).not.toContain('\u001b');
  });

  it('refuses names with line breaks or control characters', async () => {
    await expect(runKeysCommand(store, ['create', 'A\nB'])).rejects.toThrow(
      "the account's name must not contain line breaks, control characters or characters that reverse the direction of text",
    );
    await runKeysCommand(store, ['create', 'Team']);
    const [account] = await store.accounts.list();
    await expect(runKeysCommand(store, ['add', account!.id, 'Robot\u0007'])).rejects.toThrow(
      /key's name must not contain/,
    );
  });
});
