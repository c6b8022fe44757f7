import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hashKey } from '../../accounts/keys';
import type { Clock } from '../../clock';
import { noMetrics, type Metrics } from '../../metrics/metrics';
import type { AccountRecord, Caller } from '../../store/records';
import type { Store } from '../../store/store';
import { HttpError, TooManyRequests } from './errors';
import type { RateDecision, RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, set by the API key hook on /api/v1 routes. */
    account: AccountRecord | null;
    /** The key the caller used (its id and name), set with `account`. */
    apiKey: Caller['key'] | null;
  }
}

/**
 * How long an answer about a key is reused; a key revoked in the dashboard or with the CLI stops
 * working on every replica within this time.
 */
const CACHE_MS = 5_000;
/** A key's last_used_at is written at most this often per replica, so using a key costs no write per request. */
export const LAST_USED_EVERY_MS = 60_000;

/** Looks keys up by hash, remembering answers briefly so hot paths skip the database. */
export class KeyResolver {
  // Unknown keys are cached too; the least recently used answer goes first, so random keys cannot
  // grow the cache or push out the keys in real use.
  private readonly cache = new LRUCache<string, { caller: Caller | null; until: number; revokedAt?: string }>({
    max: 10_000,
  });
  /** Per key id: when its last_used_at may be written again. Holds only keys that worked. */
  private readonly nextStamp = new Map<string, number>();
  /** Counts `forget` calls; with `forgotten` (key id → the count when it was forgotten) it tells a lookup it raced a revoke. */
  private forgets = 0;
  private readonly forgotten = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly metrics: Metrics = noMetrics,
  ) {}

  /** The remembered answer for `key` while it is fresh (null: no working key); undefined when it must be looked up. */
  cached(key: string): Caller | null | undefined {
    const cached = this.cache.get(key);
    const fresh = cached && cached.until > this.clock.now() ? cached.caller : undefined;
    this.metrics.cache('api_keys', fresh !== undefined);
    return fresh;
  }

  async resolve(key: string): Promise<Caller | null> {
    const cached = this.cached(key);
    return cached !== undefined ? cached : this.lookUp(key);
  }

  /** Reads the key's holder from the store and remembers the answer (a miss of `cached`). */
  async lookUp(key: string): Promise<Caller | null> {
    const asked = this.forgets;
    const found = await this.store.apiKeys.holderOf(hashKey(key));
    // Revoked here while the read was under way: the read may predate the revoke, so it must
    // neither open this request nor be remembered.
    if (found && (this.forgotten.get(found.key.id) ?? 0) > asked) return null;
    const caller = found && !found.revoked ? { account: found.account, key: found.key } : null;
    const revokedAt = found?.revokedAt ?? undefined;
    this.cache.set(key, { caller, until: this.clock.now() + CACHE_MS, ...(revokedAt ? { revokedAt } : {}) });
    return caller;
  }

  /** When `key` was revoked, as last looked up; undefined for a key that works or was never made. */
  revokedAt(key: string): string | undefined {
    return this.cache.get(key)?.revokedAt;
  }

  /** Drops what this replica remembers of the key with this id (it was just revoked here). */
  forget(keyId: string): void {
    this.forgotten.set(keyId, ++this.forgets);
    for (const [key, entry] of this.cache.entries()) if (entry.caller?.key.id === keyId) this.cache.delete(key);
    this.nextStamp.delete(keyId);
  }

  /** Notes that the key was used now: writes its last_used_at when a minute has passed since this replica last did. */
  used(keyId: string): void {
    const now = this.clock.now();
    const next = this.nextStamp.get(keyId);
    if (next !== undefined && now < next) return;
    this.nextStamp.set(keyId, now + LAST_USED_EVERY_MS);
    // A failed write (database away) is tried again with the next request rather than a minute later.
    this.store.apiKeys.touch(keyId, this.store.nowIso()).catch(() => this.nextStamp.delete(keyId));
  }
}

export function accountOf(request: FastifyRequest): AccountRecord {
  if (!request.account) throw new HttpError(401, 'missing API key: send it in the x-api-key header');
  return request.account;
}

/** The caller's account and key; 401 without them. */
export function callerOf(request: FastifyRequest): Caller {
  return { account: accountOf(request), key: request.apiKey! };
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  return Array.isArray(header) ? header[0] : header;
}

/** The answer to a missing, wrong or revoked key: 401, or 429 once its address has used up its failed attempts. */
function refused(
  reply: FastifyReply,
  key: string | undefined,
  failure: RateDecision,
  metrics: Metrics,
  revokedAt?: string,
): HttpError {
  metrics.rateLimit('failed_keys', failure.allowed);
  if (failure.allowed) return revokedAt ? revoked(revokedAt) : unauthorized(key);
  reply.header('Retry-After', failure.resetSeconds);
  return new TooManyRequests(
    'key_failures',
    `too many failed API key attempts from this address; retry in ${failure.resetSeconds} s`,
  );
}

const unauthorized = (key: string | undefined) =>
  new HttpError(401, key ? 'invalid API key' : 'missing API key: send it in the x-api-key header');

/** A key that worked once says so, and when it stopped, so its holder knows to ask for a new one rather than retype it. */
const revoked = (at: string) =>
  new HttpError(
    401,
    `this API key was revoked on ${at.slice(0, 10)} at ${at.slice(11, 19)} UTC; ask the account's owner for a new key`,
  );

/** The limits on requests: per key, per account over all its keys, and wrong or missing keys per address. */
export interface RequestLimits {
  perKey: RateLimiter;
  perAccount: RateLimiter;
  failures: RateLimiter;
}

/**
 * Sets the rate-limit headers of an authenticated request from whichever budget, the key's or the
 * account's, has less left; the 429 when either is used up.
 */
function limited(
  reply: FastifyReply,
  perKey: RateDecision,
  perAccount: RateDecision,
  metrics: Metrics,
): HttpError | undefined {
  metrics.rateLimit('api_key', perKey.allowed);
  metrics.rateLimit('account', perAccount.allowed);
  const account = !perAccount.allowed || (perKey.allowed && perAccount.remaining < perKey.remaining);
  const decision = account ? perAccount : perKey;
  reply.header('RateLimit-Limit', decision.limit);
  reply.header('RateLimit-Remaining', decision.remaining);
  reply.header('RateLimit-Reset', decision.resetSeconds);
  if (decision.allowed) return undefined;
  reply.header('Retry-After', decision.resetSeconds);
  return account
    ? new TooManyRequests(
        'account_rate_limit',
        `this account's rate limit of ${decision.limit} requests per minute over all its keys is used up; retry in ${decision.resetSeconds} s`,
      )
    : new TooManyRequests(
        'rate_limit',
        `rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSeconds} s`,
      );
}

/**
 * onRequest hook: authenticates the key, then counts the request against the key's rate limit and
 * its account's (so making more keys buys an account no more requests).
 * The key is looked at first, so a valid key is never refused for its address: strangers sending
 * wrong keys from behind the same proxy, NAT or page cannot lock it out. Missing and wrong keys
 * count against the client address (`failures`, per real client when WORKFLOW_TRUSTED_PROXIES names
 * the hops in between) and get 429 past its budget; guessing a key stays hopeless because keys are
 * long and random, and the budget keeps one address from flooding the key lookups.
 */
export function apiKeyHook(keys: KeyResolver, limits: RequestLimits, metrics: Metrics = noMetrics) {
  const { perKey, perAccount, failures } = limits;
  // On a shared store the limits are counted in the database, so every step may wait for it.
  const authenticate = async (request: FastifyRequest, reply: FastifyReply): Promise<HttpError | undefined> => {
    const key = keyOf(request);
    const caller = key ? await keys.resolve(key) : null;
    if (!caller) return refused(reply, key, await failures.hit(request.ip), metrics, key && keys.revokedAt(key));
    request.account = caller.account;
    request.apiKey = caller.key;
    keys.used(caller.key.id);
    return limited(reply, await perKey.hit(caller.key.id), await perAccount.hit(caller.account.id), metrics);
  };
  if (perKey.isShared || perAccount.isShared || failures.isShared) {
    return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
      authenticate(request, reply).then(done, done);
    };
  }
  // One process: the limits are in memory and a known key is cached, so the usual request takes no
  // promise and makes no closure at all (this runs on every API request).
  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | undefined,
    caller: Caller | null,
  ): HttpError | undefined => {
    if (!caller) return refused(reply, key, failures.hitLocal(request.ip), metrics, key && keys.revokedAt(key));
    request.account = caller.account;
    request.apiKey = caller.key;
    keys.used(caller.key.id);
    return limited(reply, perKey.hitLocal(caller.key.id), perAccount.hitLocal(caller.account.id), metrics);
  };
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const key = keyOf(request);
    if (!key) return done(admit(request, reply, key, null));
    const cached = keys.cached(key);
    if (cached !== undefined) return done(admit(request, reply, key, cached));
    keys.lookUp(key).then((caller) => done(admit(request, reply, key, caller)), done);
  };
}
