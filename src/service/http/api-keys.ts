import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../contract/openapi-document';
import { addKey } from '../accounts/provision';
import type { ApiKeyRecord } from '../store/records';
import { callerOf, type KeyResolver } from './auth';
import { contractRoute } from './contract-route';
import { badRequest, HttpError, notFound } from './errors';
import type { LocalContext } from './local-context';

const NAME_MAX = 100;

/** A key as the API shows it: never its hash; its creator by name; `current` for the caller's own. */
function present(key: ApiKeyRecord, names: ReadonlyMap<string, string>, currentId: string): Schemas['ApiKey'] {
  const creator = key.created_by === null ? undefined : names.get(key.created_by);
  return {
    id: key.id,
    name: key.name,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    revoked_at: key.revoked_at,
    created_by: key.created_by === null || creator === undefined ? null : { id: key.created_by, name: creator },
    source: key.source,
    current: key.id === currentId,
  };
}

/** The key name a person typed: trimmed, 1 to 100 characters. */
function keyName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('name must not be blank: say who will use the key');
  if (name.length > NAME_MAX) throw badRequest(`name must be at most ${NAME_MAX} characters (it has ${name.length})`);
  return name;
}

/**
 * Local extension: the account's keys, so several people share one account each with a key of
 * their own: list them, create a named one (shown once), revoke one (its record and data stay).
 */
export function apiKeyRoutes(app: FastifyInstance, ctx: LocalContext, keys: KeyResolver): void {
  // Strict-v1 mode has no such routes, so they answer the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const { store } = ctx;
  const namesOf = (keys: readonly ApiKeyRecord[]) => new Map(keys.map((key) => [key.id, key.name]));

  contractRoute(app, 'listApiKeys', async (request) => {
    const { account, key: current } = callerOf(request);
    const keys = await store.apiKeys.ofAccount(account.id);
    const names = namesOf(keys);
    return { data: keys.map((key) => present(key, names, current.id)) };
  });

  contractRoute(app, 'createApiKey', async (request, reply) => {
    const { account, key: current } = callerOf(request);
    const name = keyName(request.body.name);
    const { record, key } = await addKey(store, account.id, name, current.id);
    const names = new Map([[current.id, current.name]]);
    return reply.code(201).send({ ...present(record, names, current.id), key });
  });

  contractRoute(app, 'revokeApiKey', async (request) => {
    const { account, key: current } = callerOf(request);
    const id = request.params.keyId;
    const revoked = await store.transaction(async (tx) => {
      const key = await tx.apiKeys.byId(id);
      if (!key || key.account_id !== account.id || key.revoked_at !== null) return null;
      // Counted under the account's lock, so two people revoking the last two keys at once cannot both succeed.
      await tx.apiKeys.lockAccount(account.id);
      if ((await tx.apiKeys.activeCount(account.id)) <= 1) {
        throw new HttpError(
          409,
          'this is the account’s last working key: revoking it would lock everyone out; create another key first',
        );
      }
      await tx.apiKeys.revoke(id, tx.nowIso());
      return tx.apiKeys.ofAccount(account.id);
    });
    if (revoked === null) throw notFound('key not found (it may already be revoked)');
    // Other replicas forget it within their cache time; this one at once.
    keys.forget(id);
    return present(
      revoked.find((key) => key.id === id)!,
      namesOf(revoked),
      current.id,
    );
  });
}
