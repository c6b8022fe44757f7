/**
 * The cookie that lets the service draw the workflow list into the dashboard's HTML (issue #33): a
 * returning visitor's first page then paints from the HTML alone, like a static page. Only a key
 * the person chose to remember on this device goes into it, only for the service that serves this
 * page (the profile's base URL is this origin's /api/v1) and only when that service says it reads it
 * (the listKeyCookie capability); otherwise it is removed. The service never takes it as an API key,
 * so a request another site makes the browser send cannot act with it (it only gets HTML back, which
 * another site cannot read); SameSite=Strict keeps it off those requests anyway.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIST_KEY_COOKIE } from '@/api/first-answer';
import { defaultBaseUrl, getProfilesStore, type Profile } from '@/api/profiles-store';
import { serverQueries } from './server';

/** A month: a visit renews it, so only a key unused that long has to read the list itself again. */
const COOKIE_MAX_AGE_S = 30 * 24 * 3600;

interface Page {
  origin: string;
  protocol: string;
}

/** Whether the profile's key may go into the cookie, whatever the server offers. */
function mayCarry(profile: Profile, page: Page): boolean {
  if (!profile.remember || profile.apiKey === '') return false;
  try {
    return new URL(profile.baseUrl, page.origin).href.replace(/\/+$/, '') === defaultBaseUrl(page.origin);
  } catch {
    return false;
  }
}

/** The `document.cookie` assignment for the active profile: its key, or the cookie's removal. */
export function listKeyCookie(profile: Profile, offered: boolean, page: Page): string {
  const attributes = `; Path=/; SameSite=Strict${page.protocol === 'https:' ? '; Secure' : ''}`;
  return offered && mayCarry(profile, page)
    ? `${LIST_KEY_COOKIE}=${encodeURIComponent(profile.apiKey)}${attributes}; Max-Age=${COOKIE_MAX_AGE_S}`
    : `${LIST_KEY_COOKIE}=${attributes}; Max-Age=0`;
}

/**
 * Keeps the cookie in step with the active profile and its server, now and after every change of
 * profile, key or "remember". A server whose capabilities could not be read leaves it as it is.
 */
export function followListKeyCookie(
  queryClient: QueryClient,
  page: Page = location,
  setCookie: (cookie: string) => void = (cookie) => (document.cookie = cookie),
): () => void {
  const store = getProfilesStore();
  let written = '';
  const update = async () => {
    let offered = false;
    if (mayCarry(store.active(), page)) {
      const capabilities = await queryClient.fetchQuery(serverQueries.capabilities()).catch(() => null);
      if (capabilities === null || capabilities.unread) return;
      offered = capabilities.listKeyCookie;
    }
    // The profile may have changed while the capabilities were read: the cookie follows the one now active.
    const cookie = listKeyCookie(store.active(), offered, page);
    if (cookie === written) return;
    written = cookie;
    setCookie(cookie);
  };
  void update();
  return store.subscribe(() => void update());
}

/**
 * Keeps the cookie in step while mounted: the shell's key watch (routes/-shell/key-refused-banner.tsx)
 * mounts it on every page once the first page is idle, so none of this is in the first page's code.
 */
export function useListKeyCookie(): void {
  const queryClient = useQueryClient();
  useEffect(() => followListKeyCookie(queryClient), [queryClient]);
}
