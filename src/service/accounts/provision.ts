import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { planColumns } from '../engine/planning';
import { DEMO_WORKFLOWS } from '../planner/demo-workflows';
import { planWorkflow } from '../planner/plan';
import type { AccountRecord } from '../store/records';
import type { Store } from '../store/store';
import { generateKey, hashKey } from './keys';

const DEV_ACCOUNT = 'dev_account_id';
const DEV_KEY_FILE = 'dev-key.txt';

/** Gives a new account the demo workflows, already planned and ready to run. */
function seedDemoWorkflows(store: Store, accountId: string): void {
  // Seeded oldest-last, so the newest-first list shows them in their declared order.
  for (const demo of [...DEMO_WORKFLOWS].reverse()) {
    const plan = planWorkflow(demo.prompt, { name: demo.name, description: demo.description });
    const columns = planColumns(plan);
    store.createWorkflow(
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

/** Creates an account for `key` (a new one when omitted) with the demo workflows. */
export function createAccount(
  store: Store,
  name: string,
  key: string = generateKey(),
): { account: AccountRecord; key: string } {
  return store.transaction(() => {
    const account: AccountRecord = {
      id: randomUUID(),
      name,
      key_hash: hashKey(key),
      created_at: store.nowIso(),
      revoked_at: null,
    };
    store.accounts.insert(account);
    seedDemoWorkflows(store, account.id);
    return { account, key };
  });
}

/** One account per configured key; keys that already have one are left alone. Returns the new accounts. */
export function provisionKeys(store: Store, keys: readonly string[]): AccountRecord[] {
  const created: AccountRecord[] = [];
  keys.forEach((key, index) => {
    if (store.accounts.byKeyHash(hashKey(key))) return;
    created.push(createAccount(store, `WORKFLOW_API_KEYS #${index + 1}`, key).account);
  });
  return created;
}

export interface DevKey {
  key: string;
  /** True when the key was made just now (print it once). */
  created: boolean;
}

/**
 * Without configured keys the service makes its own: on first start (no accounts) it creates a dev
 * account and writes the key to `${dataDir}/dev-key.txt` (mode 0600) for the dashboard's dev mode.
 * Later starts reuse that file while its key still opens the dev account.
 */
export function ensureDevKey(store: Store, dataDir: string): DevKey | null {
  const file = join(dataDir, DEV_KEY_FILE);
  if (store.accounts.count() === 0) {
    const { account, key } = createAccount(store, 'Local developer');
    store.meta.set(DEV_ACCOUNT, account.id);
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return { key, created: true };
  }
  const accountId = store.meta.get(DEV_ACCOUNT);
  if (!accountId || !existsSync(file)) return null;
  const key = readFileSync(file, 'utf8').trim();
  const account = store.accounts.byKeyHash(hashKey(key));
  return account && account.id === accountId && account.revoked_at === null ? { key, created: false } : null;
}
