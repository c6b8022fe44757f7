import { effectiveRetention, type RetentionSettings } from '../engine/retention';
import { keyNameProblem, printableName } from './key-names';
import { addKey, createAccount } from './provision';
import type { ApiKeyRecord } from '../store/records';
import type { Store } from '../store/store';

const USAGE = `Usage: npm run keys -- <command>
  create [name]            create an account and print its first API key (shown once)
  add <account-id> [name]  add a named API key to an account and print it (shown once)
  list                     list accounts and their keys: id, name, created, last used, revoked
  revoke <id>              revoke one key by its id, or an account and all its keys by the account's id
                           (the data stays)
  retention <account-id> [days] [runs]
                           show, or set, how long the account keeps ended runs: days since they ended and
                           how many of the newest; each a whole number up to the service's, or "default"
                           for the service's (WORKFLOW_RETENTION_DAYS, WORKFLOW_RETENTION_MAX_RUNS)`;

const NO_LIMITS: RetentionSettings = { days: null, maxRuns: null };

/** "30 days" / "kept whatever their age", and the newest count / "however many". */
function retentionLine(accountId: string, applies: RetentionSettings, own: RetentionSettings): string {
  const whose = (value: number | null) => (value === null ? " (the service's)" : ' (its own)');
  const age = applies.days === null ? 'whatever their age' : `for ${applies.days} days after they end`;
  const count = applies.maxRuns === null ? 'however many' : `the newest ${applies.maxRuns.toLocaleString('en-US')}`;
  return `Account ${accountId} keeps ended runs ${age}${whose(own.days)}, ${count}${whose(own.maxRuns)}.`;
}

/** A retention argument: a whole number from 1 to the service's, or "default" (null: the service's). */
function retentionValue(
  raw: string | undefined,
  unit: 'days' | 'runs',
  most: number | null,
): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw.toLowerCase() === 'default') return null;
  const value = /^\d+$/.test(raw) ? Number(raw) : 0;
  if (value < 1) throw new Error(`${unit} must be a whole number, 1 or more, or "default" (got "${raw}")`);
  if (most !== null && value > most)
    throw new Error(
      `${unit} can be at most ${most.toLocaleString('en-US')}, the service's setting; an account keeps less, never more`,
    );
  return value;
}

const keyLine = (key: ApiKeyRecord): string =>
  `  key ${key.id}  ${printableName(key.name)}  ${key.role}  created ${key.created_at}` +
  (key.last_used_at ? `  last used ${key.last_used_at}` : '') +
  (key.revoked_at ? `  revoked ${key.revoked_at}` : '');

/** Runs one keys command against the store and returns what to print; throws with a usage hint on bad input. */
export async function runKeysCommand(
  store: Store,
  args: string[],
  serviceRetention: RetentionSettings = NO_LIMITS,
): Promise<string> {
  const [command, ...rest] = args;
  switch (command) {
    case 'create': {
      const name = rest.join(' ').trim() || 'API key';
      const problem = keyNameProblem(name);
      if (problem) throw new Error(`the account's name ${problem}`);
      const { account, key, apiKey } = await createAccount(store, name, 'command');
      return `Created account ${account.id} (${name}) with key ${apiKey.id}.\nAPI key (shown once, store it now): ${key}`;
    }
    case 'add': {
      const [accountId, ...words] = rest;
      if (!accountId) throw new Error(`add needs an account id (see "list").\n${USAGE}`);
      const account = await store.accounts.byId(accountId);
      if (!account || account.revoked_at !== null) throw new Error(`no active account with id ${accountId}`);
      const name = words.join(' ').trim() || 'API key';
      const problem = keyNameProblem(name);
      if (problem) throw new Error(`the key's name ${problem}`);
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
            `${a.id}  ${printableName(a.name)}  created ${a.created_at}${a.revoked_at ? `  revoked ${a.revoked_at}` : ''}`,
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
    case 'retention': {
      const [accountId, daysArg, runsArg] = rest;
      if (!accountId) throw new Error(`retention needs an account id (see "list").\n${USAGE}`);
      const current = await store.retention.ofAccount(accountId);
      if (!current) throw new Error(`no account with id ${accountId}`);
      const days = retentionValue(daysArg, 'days', serviceRetention.days);
      const maxRuns = retentionValue(runsArg, 'runs', serviceRetention.maxRuns);
      const own = {
        days: days === undefined ? current.days : days,
        maxRuns: maxRuns === undefined ? current.maxRuns : maxRuns,
      };
      if (daysArg !== undefined) await store.retention.setAccount(accountId, own, { by: null, at: store.nowIso() });
      return retentionLine(accountId, effectiveRetention(serviceRetention, own), own);
    }
    default:
      throw new Error(command ? `unknown command "${command}".\n${USAGE}` : USAGE);
  }
}
