import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { hashKey } from '../accounts/keys';
import type { Clock } from '../clock';
import type { AccountRecord } from '../store/records';
import type { Store } from '../store/store';
import { HttpError } from './errors';
import type { RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, set by the API key hook on /api/v1 routes. */
    account: AccountRecord | null;
  }
}

/** Seconds an answer about a key is reused; a key revoked with the CLI stops working within this time. */
const CACHE_MS = 5_000;

/** Looks accounts up by key hash, remembering answers briefly so hot paths skip SQLite. */
export class KeyResolver {
  // Unknown keys are cached too; the least recently used answer goes first, so random keys cannot
  // grow the cache or push out the keys in real use.
  private readonly cache = new LRUCache<string, { account: AccountRecord | null; until: number }>({ max: 10_000 });

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  resolve(key: string): AccountRecord | null {
    const now = this.clock.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.account;
    const found = this.store.accounts.byKeyHash(hashKey(key));
    const account = found && found.revoked_at === null ? found : null;
    this.cache.set(key, { account, until: now + CACHE_MS });
    return account;
  }
}

export function accountOf(request: FastifyRequest): AccountRecord {
  if (!request.account) throw new HttpError(401, 'missing API key: send it in the x-api-key header');
  return request.account;
}

/**
 * onRequest hook: authenticates the key, then counts the request against the key's rate limit.
 * Missing and wrong keys count against the client address (`failures`), and an address out of
 * attempts gets 429 before its key is even looked at, so guessing cannot go faster than the limit.
 */
export function apiKeyHook(keys: KeyResolver, limiter: RateLimiter, failures: RateLimiter) {
  // Callback style: this runs on every API request, and an async hook costs a promise per call.
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const address = request.socket.remoteAddress ?? 'unknown';
    const wait = failures.exhausted(address);
    if (wait !== null) {
      reply.header('Retry-After', wait);
      return done(new HttpError(429, `too many failed API key attempts from this address; retry in ${wait} s`));
    }
    const header = request.headers['x-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) {
      failures.hit(address);
      return done(new HttpError(401, 'missing API key: send it in the x-api-key header'));
    }
    const account = keys.resolve(key);
    if (!account) {
      failures.hit(address);
      return done(new HttpError(401, 'invalid API key'));
    }
    request.account = account;
    const decision = limiter.hit(account.id);
    reply.header('RateLimit-Limit', decision.limit);
    reply.header('RateLimit-Remaining', decision.remaining);
    reply.header('RateLimit-Reset', decision.resetSeconds);
    if (decision.allowed) return done();
    reply.header('Retry-After', decision.resetSeconds);
    done(
      new HttpError(
        429,
        `rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.resetSeconds} s`,
      ),
    );
  };
}
