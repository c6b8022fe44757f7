import { LRUCache } from 'lru-cache';

/**
 * How much one of the service's in-memory caches may hold. Every cache is bounded by count and by
 * bytes, so no tenant's answers, schemas or plans can grow the process until it dies for everyone.
 */
export interface CacheLimits {
  /** Bytes as the cache's own estimate counts them: an upper bound of an entry's memory. */
  maxBytes: number;
  maxEntries: number;
  /** An entry above this is served but not kept (default: any entry that fits in `maxBytes`). */
  maxEntryBytes?: number;
}

/**
 * A least-recently-used map within `limits`, each entry weighed by `bytesOf`: the base of the
 * service's caches, which each add what they key by and when they forget.
 */
export abstract class BoundedCache<V extends object> {
  protected readonly entries: LRUCache<string, V>;

  protected constructor(limits: CacheLimits, bytesOf: (value: V) => number) {
    this.entries = new LRUCache<string, V>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      ...(limits.maxEntryBytes === undefined ? {} : { maxEntrySize: limits.maxEntryBytes }),
      sizeCalculation: bytesOf,
    });
  }

  /** Estimated memory of the entries kept, as counted against `maxBytes`. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }
}
