import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Quotas } from '../../config-limits';
import { QuotaExceeded } from '../../store/quota-exceeded';
import type { Store } from '../../store/store';
import { HttpError, TooManyRequests } from '../plugins/errors';

/** How long a client told to wait by the queued-runs quota waits before sending again. */
const QUEUED_RETRY_SECONDS = 30;
/** How long an account's stored bytes are trusted before they are summed again. */
const STORED_BYTES_TTL_MS = 15_000;

const count = (n: number) => n.toLocaleString('en-US');

function size(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  return `${Math.round(bytes / 1024 ** 2)} MB`;
}

/** A quota's refusal as the client sees it: 429 for runs waiting (it clears as they start), 400 for what only the person can free. */
function quotaError(error: QuotaExceeded, asked: number): HttpError {
  if (error.kind === 'workflows') {
    return new HttpError(
      400,
      `This account already has ${count(error.current)} workflows, the most it may keep; delete one you no longer need, then create this one.`,
    );
  }
  const waiting = `This account already has ${count(error.current)} runs waiting to start, and may have at most ${count(error.limit)}`;
  return new TooManyRequests(
    'queued_quota',
    asked > 1 && error.current + asked > error.limit && error.current < error.limit
      ? `${waiting}; these ${count(asked)} would go past that. Wait for some to finish, or send fewer at once.`
      : `${waiting}; wait for some to finish, then send this again.`,
  );
}

/** Summed stored bytes per account, kept a few seconds: a sum over every file of a busy account is not free. */
const storedBytes = new WeakMap<Store, LRUCache<string, number>>();

/**
 * Refuses a new run or batch with 400 when the account's stored files (results and drafts) and
 * batch declarations already reach its quota. The sum may be a few seconds old, so the quota can
 * be passed by the runs in flight.
 */
export async function requireStorageRoom(store: Store, quotas: Quotas, accountId: string): Promise<void> {
  let cache = storedBytes.get(store);
  if (!cache) storedBytes.set(store, (cache = new LRUCache({ max: 10_000, ttl: STORED_BYTES_TTL_MS })));
  let bytes = cache.get(accountId);
  if (bytes === undefined) {
    bytes = (await store.files.accountBytes(accountId)) + (await store.batches.declaredBytes(accountId));
    cache.set(accountId, bytes);
  }
  if (bytes >= quotas.storedBytesPerAccount) {
    throw new HttpError(
      400,
      `This account's results and batches already take ${size(bytes)}, the most it may keep (${size(quotas.storedBytesPerAccount)}); delete workflows whose results you no longer need, then start this run again.`,
    );
  }
}

/**
 * Runs `write` for `asked` new items, turning a quota it would pass into the client's error (see
 * quotaError); a 429 says when to try again, as a rate limit's does.
 */
export async function withinQuota<T>(reply: FastifyReply, asked: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof QuotaExceeded)) throw error;
    const refusal = quotaError(error, asked);
    if (refusal.statusCode === 429) reply.header('Retry-After', String(QUEUED_RETRY_SECONDS));
    throw refusal;
  }
}
