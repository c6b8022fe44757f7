import { createAccount } from './provision';
import type { Store } from '../store/store';

const USAGE = `Usage: npm run keys -- <command>
  create [name]   create an account and print its new API key (shown once)
  list            list accounts: id, name, created, revoked
  revoke <id>     revoke an account's key (its data stays)`;

/** Runs one keys command against the store and returns what to print; throws with a usage hint on bad input. */
export async function runKeysCommand(store: Store, args: string[]): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'create': {
      const name = rest.join(' ').trim() || 'API key';
      const { account, key } = await createAccount(store, name, 'command');
      return `Created account ${account.id} (${name}).\nAPI key (shown once, store it now): ${key}`;
    }
    case 'list': {
      const accounts = await store.accounts.list();
      if (accounts.length === 0) return 'No accounts yet.';
      return accounts
        .map((a) => `${a.id}  ${a.name}  created ${a.created_at}${a.revoked_at ? `  revoked ${a.revoked_at}` : ''}`)
        .join('\n');
    }
    case 'revoke': {
      const [id] = rest;
      if (!id) throw new Error(`revoke needs an account id (see "list").\n${USAGE}`);
      if (!(await store.accounts.revoke(id, store.nowIso()))) throw new Error(`no active account with id ${id}`);
      return `Revoked account ${id}; its key stops working within a few seconds.`;
    }
    default:
      throw new Error(command ? `unknown command "${command}".\n${USAGE}` : USAGE);
  }
}
