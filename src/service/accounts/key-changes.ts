import type { ApiKeyRecord } from '../store/records';
import type { Store } from '../store/store';
import { addKey } from './provision';

type ApiKeyRole = ApiKeyRecord['role'];

/** A key made from the dashboard, shown once; or `full` when the account already has `working` working keys, the most it may. */
export type KeyMade = { kind: 'made'; record: ApiKeyRecord; key: string } | { kind: 'full'; working: number };

/**
 * Makes a named key of the account, by the key `createdBy`, counting the working keys under the
 * account's lock so that keys made at once cannot pass `maxKeys` together.
 */
export function makeKey(
  store: Store,
  change: { accountId: string; name: string; createdBy: string; role: ApiKeyRole },
  maxKeys: number,
): Promise<KeyMade> {
  return store.transaction(async (tx) => {
    await tx.apiKeys.lockAccount(change.accountId);
    const working = await tx.apiKeys.activeCount(change.accountId);
    if (working >= maxKeys) return { kind: 'full', working };
    return { kind: 'made', ...(await addKey(tx, change.accountId, change.name, change.createdBy, change.role)) };
  });
}

/**
 * What became of a revocation: `revoked` with the key as it is now and the ids revoked (it and the
 * keys it made); `missing` when the account has no such working key; `refused` with the reason the
 * caller may not; `last` when it would leave the account without a working key (`madeByIt`: how
 * many keys it made, which would go with it).
 */
export type KeyRevoked =
  | { kind: 'revoked'; key: ApiKeyRecord; ids: string[] }
  | { kind: 'missing' }
  | { kind: 'refused'; reason: string }
  | { kind: 'last'; madeByIt: number };

/**
 * Revokes a key of the account and the keys it made, unless `refusal` names a reason, counting
 * under the account's lock so two people revoking the last two keys at once cannot both succeed.
 */
export function revokeKey(
  store: Store,
  accountId: string,
  id: string,
  refusal: (key: ApiKeyRecord) => string | null,
): Promise<KeyRevoked> {
  return store.transaction(async (tx): Promise<KeyRevoked> => {
    const key = await tx.apiKeys.byId(id);
    if (!key || key.account_id !== accountId || key.revoked_at !== null) return { kind: 'missing' };
    const reason = refusal(key);
    if (reason) return { kind: 'refused', reason };
    await tx.apiKeys.lockAccount(accountId);
    const madeByIt = await tx.apiKeys.madeBy(accountId, id);
    if ((await tx.apiKeys.activeCount(accountId)) <= 1 + madeByIt.length)
      return { kind: 'last', madeByIt: madeByIt.length };
    const at = tx.nowIso();
    for (const each of [id, ...madeByIt]) await tx.apiKeys.revoke(each, at);
    return { kind: 'revoked', key: (await tx.apiKeys.byId(id))!, ids: [id, ...madeByIt] };
  });
}
