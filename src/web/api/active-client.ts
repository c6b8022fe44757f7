import { useSyncExternalStore } from 'react';
import { reportingFetch } from '@/lib/server-reachability';
import { createApiClient, type ApiClient } from './client';
import { takingFirstAnswer } from './first-answer';
import { getProfilesStore, type ConnectionState, type Profile } from './profiles-store';
import { getScheduler, setSchedulerScope } from './scheduler';

let cached: { signature: string; client: ApiClient } | null = null;

/** A short non-cryptographic hash, so channel names separate keys without spelling them out. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The API client of the active profile (one per base URL and key). Has no side effects. */
export function getApiClient(): ApiClient {
  const profile = getProfilesStore().active();
  const signature = `${profile.baseUrl}\n${profile.apiKey}`;
  if (cached?.signature === signature) return cached.client;
  // The server's liveness check is the cheapest thing to ask for: no key, no budget, and any answer
  // will do (a v1 server without one answers 404, which still proves it answers). A keyless API path
  // would count as a failed key attempt on a strict server.
  const probeUrl = healthProbeUrl(profile.baseUrl);
  cached = {
    signature,
    client: createApiClient({
      baseUrl: profile.baseUrl,
      apiKey: profile.apiKey,
      // The list's first read may already be under way, sent by the first-paint script.
      fetch: reportingFetch(
        probeUrl,
        takingFirstAnswer((input, init) => globalThis.fetch(input, init)),
      ),
    }),
  };
  return cached.client;
}

/** The /healthz of the server's origin, for the outage probe. */
function healthProbeUrl(baseUrl: string): string {
  try {
    return new URL('/healthz', new URL(baseUrl, location.origin)).href;
  } catch {
    return `${baseUrl.replace(/\/+$/, '')}/openapi.json`;
  }
}

/** The scheduler scope of a profile: requests to one origin with one key share one budget. */
function scopeOf(profile: Profile): string {
  let origin = profile.baseUrl;
  try {
    origin = new URL(profile.baseUrl, location.origin).origin;
  } catch {
    // An unparsable URL still gets its own scope; the request itself will report the problem.
  }
  return fnv1a(`${origin}\n${profile.apiKey}`);
}

let following: (() => void) | null = null;

/**
 * Keeps the app-wide scheduler on the active profile: its budget, and its scope (origin and key,
 * so another account gets its own budget history). Applies now, at start-up, and again on every
 * profile change; calling it twice changes nothing. Returns the way to stop following.
 */
export function followActiveProfile(): () => void {
  if (following) return following;
  const store = getProfilesStore();
  const apply = () => {
    getScheduler().setBudget(store.getState().budget);
    setSchedulerScope(scopeOf(store.active()));
  };
  apply();
  const unsubscribe = store.subscribe(apply);
  following = () => {
    unsubscribe();
    following = null;
  };
  return following;
}

export function useConnection(): ConnectionState {
  const store = getProfilesStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

export function useActiveProfile(): Profile {
  const state = useConnection();
  return state.profiles.find((p) => p.id === state.activeId) ?? state.profiles[0]!;
}
