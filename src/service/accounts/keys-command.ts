import { addKey, createAccount } from './provision';
import type { ApiKeyRecord } from '../store/records';
import type { Store } from '../store/store';

const USAGE = `Usage: npm run keys -- <command>
  create [name]            create an account and print its first API key (shown once)
  add <account-id> [name]  add a named API key to an account and print it (shown once)
  list                     list accounts and their keys: id, name, created, last used, revoked
  revoke <id>              revoke one key by its id, or an account and all its keys by the account's id
                           (the data stays)`;

const keyLine = (key: ApiKeyRecord): string =>
  `  key ${key.id}  ${key.name}  created ${key.created_at}` +
  (key.last_used_at ? `  last used ${key.last_used_at}` : '') +
  (key.revoked_at ? `  revoked ${key.revoked_at}` : '');

/** Runs one keys command against the store and returns what to print; throws with a usage hint on bad input. */
export async function runKeysCommand(store: Store, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'create': {
      const name = rest.join(' ').trim() || 'API key';
      const { account, key, apiKey } = await createAccount(store, name, 'command');
      return `Created account ${account.id} (${name}) with key ${apiKey.id}.\nAPI key (shown once, store it now): ${key}`;
    }
    case 'add': {
      const [accountId, ...words] = rest;
      if (!accountId) throw new Error(`add needs an account id (see "list").\n${USAGE}`);
      const account = await store.accounts.byId(accountId);
      if (!account || account.revoked_at !== null) throw new Error(`no active account with id ${accountId}`);
      const name = words.join(' ').trim() || 'API key';
      if (name.length > 100) throw new Error('a key name has at most 100 characters');
      const { record, key } = await addKey(store, account.id, name, null);
      return `Added key ${record.id} (${name}) to account ${account.id}.\nAPI key (shown once, store it now): ${key}`;
    }
    case 'list': {
      const accounts = await store.accounts.list();
      if (accounts.length === 0) return 'No accounts yet.';
      const keys = await store.apiKeys.list();
      return accounts
        .map((a) =>
          [
            `${a.id}  ${a.name}  created ${a.created_at}${a.revoked_at ? `  revoked ${a.revoked_at}` : ''}`,
            ...keys.filter((key) => key.account_id === a.id).map(keyLine),
          ].join('\n'),
        )
        .join('\n');
    }
    case 'revoke': {
      const [id] = rest;
      if (!id) throw new Error(`revoke needs an account or key id (see "list").\n${USAGE}`);
      const now = store.nowIso();
      if (await store.accounts.revoke(id, now)) {
        return `Revoked account ${id} and all its keys; they stop working within a few seconds.`;
      }
      if (await store.apiKeys.revoke(id, now)) return `Revoked key ${id}; it stops working within a few seconds.`;
      throw new Error(`no active account or key with id ${id}`);
    }
    default:
      throw new Error(command ? `unknown command "${command}".\n${USAGE}` : USAGE);
  }
}
