import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../../../contract/openapi-document';
import { makeKey, revokeKey } from '../../../accounts/key-changes';
import { keyNameProblem } from '../../../accounts/key-names';
import type { ApiKeyRecord, Caller } from '../../../store/records';
import { callerOf, type KeyResolver } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import type { LocalContext } from '../../shared/local-context';
import { paginate } from '../../shared/pagination';

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
    role: key.role,
    current: key.id === currentId,
  };
}

/** The key name a person typed, trimmed; 400 naming what is wrong with it. */
function keyName(raw: string): string {
  const name = raw.trim();
  const problem = keyNameProblem(name);
  if (problem) throw badRequest(`name ${problem}`);
  return name;
}

const forbidden = (message: string) => new HttpError(403, message);

/** 403 unless the caller's key is an admin's: `what` is what was asked, in a person's words. */
function requireAdmin(caller: Caller, what: string): void {
  if (caller.key.role === 'admin') return;
  throw forbidden(`Only an admin key can ${what}; this is a member key. Ask an admin of the account.`);
}

/** Why the caller may not revoke `key` (null: it may): members revoke only themselves, operators' keys only on the server. */
function revokeRefusal(caller: Caller, key: ApiKeyRecord): string | null {
  if (key.source !== 'dashboard') {
    return 'This key was made on the server (its settings, its command line or its development key), so it can be revoked only there, with `npm run keys -- revoke`.';
  }
  if (caller.key.role !== 'admin' && key.id !== caller.key.id) {
    return 'A member key can revoke only itself; ask an admin of the account to revoke this key.';
  }
  return null;
}

/**
 * Local extension: the account's keys, so several people share one account each with a key of
 * their own: list them (paged), create a named one (shown once), revoke one with the keys it made
 * (records and data stay). Roles decide who may do which (x-local-choices key-roles).
 */
export function apiKeyRoutes(app: FastifyInstance, ctx: LocalContext, keys: KeyResolver): void {
  // Strict-v1 mode has no such routes, so they answer the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const { store } = ctx;
  const maxKeys = ctx.config.quotas.keysPerAccount;

  /** The names of the keys that made these, which may sit on another page. */
  const creatorNames = async (page: readonly ApiKeyRecord[]) =>
    store.apiKeys.names([...new Set(page.flatMap((key) => (key.created_by === null ? [] : [key.created_by])))]);

  contractRoute(app, 'listApiKeys', async (request) => {
    const { account, key: current } = callerOf(request);
    let names = new Map<string, string>();
    return paginate(
      request.query,
      async (before, limit) => {
        const page = await store.apiKeys.page(account.id, before, limit);
        names = await creatorNames(page);
        return page;
      },
      (key) => present(key, names, current.id),
    );
  });

  contractRoute(app, 'getCurrentApiKey', async (request) => {
    const { key: current } = callerOf(request);
    const record = await store.apiKeys.byId(current.id);
    if (!record) throw notFound('key not found');
    return present(record, await creatorNames([record]), current.id);
  });

  contractRoute(app, 'createApiKey', async (request, reply) => {
    const caller = callerOf(request);
    requireAdmin(caller, 'create keys');
    const name = keyName(request.body.name);
    const role = request.body.role ?? 'member';
    const made = await makeKey(store, { accountId: caller.account.id, name, createdBy: caller.key.id, role }, maxKeys);
    if (made.kind === 'full')
      throw badRequest(
        `This account already has ${made.working.toLocaleString('en-US')} working keys, the most it may have; revoke one nobody uses, then create this one.`,
      );
    const names = new Map([[caller.key.id, caller.key.name]]);
    return reply.code(201).send({ ...present(made.record, names, caller.key.id), key: made.key });
  });

  contractRoute(app, 'revokeApiKey', async (request) => {
    const caller = callerOf(request);
    const { account } = caller;
    const revoked = await revokeKey(store, account.id, request.params.keyId, (key) => revokeRefusal(caller, key));
    if (revoked.kind === 'missing') throw notFound('key not found (it may already be revoked)');
    if (revoked.kind === 'refused') throw forbidden(revoked.reason);
    if (revoked.kind === 'last')
      throw new HttpError(
        409,
        revoked.madeByIt === 0
          ? 'this is the account’s last working key: revoking it would lock everyone out; create another key first'
          : 'revoking this key also revokes the keys it made, and those are all the account’s working keys: it would lock everyone out; create another key first',
      );
    // Other replicas forget them within their cache time; this one at once.
    for (const each of revoked.ids) keys.forget(each);
    return present(revoked.key, await creatorNames([revoked.key]), caller.key.id);
  });
}
