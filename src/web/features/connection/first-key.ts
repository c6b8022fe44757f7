import { isCrossOrigin } from '@/server-state/connection';
import type { ProfilesStore } from '@/api/profiles-store';

/** Where this tab's key came from at start-up; `none` leads to the welcome page. */
type FirstKeySource = 'stored' | 'open-tab' | 'dev-key' | 'none';

interface FirstKeyOptions {
  /** Asks the other open tabs for their keys (see tab-keys.ts); null when none answers in time. */
  askOpenTabs: () => Promise<Record<string, string> | null>;
  /** The local service's development key, or null (see dev-key.ts). */
  devKey: () => Promise<string | null>;
  /** This page's origin: the development key is only for a profile that talks to it. */
  origin: string;
}

/**
 * Finds this tab a key before the first page is chosen: its own stored one, else one an open tab
 * shares (the person already connected in this browser), else the local service's development key
 * for a same-origin profile. The development key is kept for this tab only, like a typed one.
 */
export async function findFirstKey(store: ProfilesStore, options: FirstKeyOptions): Promise<FirstKeySource> {
  if (store.isConnected()) return 'stored';
  const active = store.active();
  const devKey = isCrossOrigin(active.baseUrl, options.origin) ? Promise.resolve(null) : options.devKey();
  const shared = await options.askOpenTabs();
  if (shared && store.adoptKeys(shared) && store.isConnected()) return 'open-tab';
  const key = await devKey;
  if (!key) return 'none';
  store.save({ ...store.active(), apiKey: key });
  return 'dev-key';
}
