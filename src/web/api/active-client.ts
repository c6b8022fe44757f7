import { useSyncExternalStore } from 'react';
import { createApiClient, type ApiClient } from '@/api/client';
import { getScheduler, setSchedulerScope } from '@/api/scheduler';
import { reportingFetch } from '@/lib/server-reachability';
import { getProfilesStore, type ConnectionState, type Profile } from './profiles-store';

let cached: { signature: string; client: ApiClient } | null = null;

/** A short non-cryptographic hash, so channel names separate keys without spelling them out. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The API client of the active profile; the scheduler follows the profile's origin and key. */
export function getApiClient(): ApiClient {
  const store = getProfilesStore();
  const profile = store.active();
  const { budget } = store.getState();
  const signature = `${profile.baseUrl}\n${profile.apiKey}`;
  getScheduler().setBudget(budget);
  if (cached?.signature === signature) return cached.client;
  let origin = profile.baseUrl;
  try {
    origin = new URL(profile.baseUrl, location.origin).origin;
  } catch {
    // An unparsable URL still gets its own scope; the request itself will report the problem.
  }
  setSchedulerScope(fnv1a(`${origin}\n${profile.apiKey}`));
  // The contract document is the cheapest thing to ask for: no key, no budget, any answer will do.
  const probeUrl = `${profile.baseUrl.replace(/\/+$/, '')}/openapi.json`;
  cached = {
    signature,
    client: createApiClient({ baseUrl: profile.baseUrl, apiKey: profile.apiKey, fetch: reportingFetch(probeUrl) }),
  };
  return cached.client;
}

export function useConnection(): ConnectionState {
  const store = getProfilesStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

export function useActiveProfile(): Profile {
  const state = useConnection();
  return state.profiles.find((p) => p.id === state.activeId) ?? state.profiles[0]!;
}
