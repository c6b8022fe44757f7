/**
 * Whether the server still takes this browser's key, from the answers every call gets: a 401
 * marks the key refused (revoked, where the server says so, with when), and any other answer to
 * the same key clears it. Pages read it to stop claiming "Live" and to say what happened. When the
 * server last answered is recorded once, by the reachability tracker (lib/server-reachability.ts).
 */

export interface KeyRefusal {
  /** The key the server refused, so a new key (another profile) is not blamed for it. */
  key: string;
  /** The server said the key was revoked (a 401 that is not a typo). */
  revoked: boolean;
  /** When it was revoked, ISO 8601 in UTC, where the server said; null otherwise. */
  revokedAt: string | null;
  /** The server's own words. */
  message: string;
}

// "this API key was revoked on 2026-11-28 at 10:45:12 UTC; …" (the local service), or any 401 that says "revoked".
const REVOKED = /\brevoked\b/i;
const REVOKED_AT = /revoked on (\d{4}-\d{2}-\d{2}) at (\d{2}:\d{2}(?::\d{2})?) UTC/i;

/** What a 401's message says about a revocation; null when it does not name one. */
export function revocationIn(message: string): { revokedAt: string | null } | null {
  if (!REVOKED.test(message)) return null;
  const at = REVOKED_AT.exec(message);
  if (at === null) return { revokedAt: null };
  const iso = `${at[1]}T${at[2]!.length === 5 ? `${at[2]}:00` : at[2]}Z`;
  return { revokedAt: Number.isNaN(Date.parse(iso)) ? null : iso };
}

let refusal: KeyRefusal | null = null;
const listeners = new Set<() => void>();

const set = (next: KeyRefusal | null) => {
  if (next === refusal) return;
  refusal = next;
  for (const listener of listeners) listener();
};

export const keyStatus = {
  /** Every answer the server gave to a call with `key`: its status and, for an error, its message. */
  answered(key: string, status: number, message: string | null): void {
    if (status === 401) {
      const revoked = revocationIn(message ?? '');
      if (refusal?.key === key && refusal.revoked === (revoked !== null)) return;
      set({ key, revoked: revoked !== null, revokedAt: revoked?.revokedAt ?? null, message: message ?? '' });
    } else if (refusal?.key === key) {
      set(null);
    }
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): KeyRefusal | null => refusal,
};
