import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planColumns } from '../engine/planning';
import { DEMO_WORKFLOWS } from './demo-workflows';
import { planWorkflow } from '../planner/plan';
import type { Logger } from 'pino';
import type { AccountSource, ApiKeyRole } from '../store/db/schema';
import type { AccountRecord, ApiKeyRecord } from '../store/records';
import type { Store } from '../store/store';
import { generateKey, hashKey } from './keys';

const DEV_ACCOUNT = 'dev_account_id';
const DEV_KEY_FILE = 'dev-key.txt';

/** Gives a new account the demo workflows, already planned and ready to run. */
async function seedDemoWorkflows(store: Store, accountId: string): Promise<void> {
  // Seeded oldest-last, so the newest-first list shows them in their declared order.
  for (const demo of [...DEMO_WORKFLOWS].reverse()) {
    const plan = planWorkflow(demo.prompt, { name: demo.name, description: demo.description });
    const columns = planColumns(plan);
    await store.createWorkflow(
      {
        accountId,
        prompt: demo.prompt,
        name: columns.name,
        description: columns.description,
        nameGiven: true,
        descriptionGiven: true,
      },
      { status: 'ready', input_schema: columns.input_schema, steps: columns.steps, concurrency: columns.concurrency },
    );
  }
}

/**
 * Creates an account whose first key is `key` (a new one when omitted), named like the account,
 * with the demo workflows, in one transaction.
 */
export async function createAccount(
  store: Store,
  name: string,
  source: AccountSource,
  key: string = generateKey(),
  id: string = randomUUID(),
): Promise<{ account: AccountRecord; key: string; apiKey: ApiKeyRecord }> {
  return store.transaction(async (tx) => {
    const account: AccountRecord = {
      id,
      name,
      key_hash: hashKey(key),
      created_at: tx.nowIso(),
      revoked_at: null,
      source,
    };
    const apiKey = await tx.accounts.insert(account);
    await seedDemoWorkflows(tx, account.id);
    return { account, key, apiKey };
  });
}

/**
 * Adds a new named key to an account: made by another key of it (`createdBy`, from the dashboard;
 * a member unless `role` says admin) or by `npm run keys -- add` (null; always an admin). Returns
 * the record and the key itself, shown once.
 */
export async function addKey(
  store: Store,
  accountId: string,
  name: string,
  createdBy: string | null,
  role: ApiKeyRole = 'member',
): Promise<{ record: ApiKeyRecord; key: string }> {
  const key = generateKey();
  const record: ApiKeyRecord = {
    id: randomUUID(),
    account_id: accountId,
    name,
    key_hash: hashKey(key),
    created_at: store.nowIso(),
    created_by: createdBy,
    last_used_at: null,
    revoked_at: null,
    source: createdBy === null ? 'command' : 'dashboard',
    role: createdBy === null ? 'admin' : role,
  };
  await store.apiKeys.insert(record);
  return { record, key };
}

/**
 * One account per configured key; keys that already have one are left alone (a revoked one is
 * reported, not revived). Returns the new accounts.
 */
export async function provisionKeys(store: Store, keys: readonly string[], logger?: Logger): Promise<AccountRecord[]> {
  const created: AccountRecord[] = [];
  for (const [index, key] of keys.entries()) {
    const name = `WORKFLOW_API_KEYS #${index + 1}`;
    const existing = await store.apiKeys.holderOf(hashKey(key));
    if (existing) {
      // Revoked is final: a key that was shut out must not come back by being pasted in again.
      if (existing.revoked) {
        logger?.warn(
          { account: existing.account.id },
          `${name} is a key that was revoked, so it will not work; ` +
            'replace it with a new key (or create one with `npm run keys -- create`)',
        );
      }
      continue;
    }
    try {
      created.push((await createAccount(store, name, 'environment', key)).account);
    } catch (error) {
      // Another replica starting at the same time made it first (key hashes are unique).
      if (!(await store.apiKeys.holderOf(hashKey(key)))) throw error;
    }
  }
  return created;
}

/**
 * Revokes the keys that came from WORKFLOW_API_KEYS and are no longer among `keys` (their data
 * stays), so removing a key from the variable and restarting shuts it out. Keys made with
 * `npm run keys`, in the dashboard, and the dev key are not touched.
 */
export async function revokeUnlistedKeys(store: Store, keys: readonly string[], logger: Logger): Promise<void> {
  const configured = new Set(keys.map(hashKey));
  for (const key of await store.apiKeys.activeFromEnvironment()) {
    if (configured.has(key.key_hash)) continue;
    if (await store.apiKeys.revoke(key.id, store.nowIso())) {
      logger.warn(
        { account: key.account_id, key: key.id },
        `Revoked the key ${key.name} of account ${key.account_id}: it is no longer in WORKFLOW_API_KEYS; its data is kept`,
      );
    }
  }
}

export interface DevKey {
  key: string;
  /** True when the key was made just now (print it once). */
  created: boolean;
}

/**
 * Without configured keys the service makes its own: on first start (no accounts) it creates a dev
 * account and writes the key to `${dataDir}/dev-key.txt` (mode 0600) for the dashboard's dev mode.
 * Later starts reuse that file while its key still opens the dev account. Replicas starting
 * together on one database make one dev account: the first to claim `dev_account_id` creates it.
 */
export async function ensureDevKey(store: Store, dataDir: string): Promise<DevKey | null> {
  const file = join(dataDir, DEV_KEY_FILE);
  const made = await store.transaction(async (tx) => {
    if ((await tx.accounts.count()) > 0) return null;
    const id = randomUUID();
    const claimed = await tx.meta.getOrInit(DEV_ACCOUNT, () => id);
    if (claimed !== id) {
      if (await tx.accounts.byId(claimed)) return null;
      await tx.meta.set(DEV_ACCOUNT, id);
    }
    return createAccount(tx, 'Local developer', 'developer', generateKey(), id);
  });
  if (made) {
    // On PostgreSQL nothing else needs DATA_DIR, so it may not exist yet.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${made.key}\n`, { mode: 0o600 });
    return { key: made.key, created: true };
  }
  const accountId = await store.meta.get(DEV_ACCOUNT);
  if (!accountId || !existsSync(file)) return null;
  const key = readFileSync(file, 'utf8').trim();
  const holder = await store.apiKeys.holderOf(hashKey(key));
  return holder && holder.account.id === accountId && !holder.revoked ? { key, created: false } : null;
}
