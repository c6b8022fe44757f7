import { Link, useLocation } from '@tanstack/react-router';
import { formatDateTime } from '@/lib/format-time';
import { useKeyRefusal, useKeyWatch } from '@/server-state/key-watch';
import { useListKeyCookie } from '@/server-state/list-key-cookie';

const bannerClass =
  'flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-red-100 px-4 py-2 text-center text-sm font-medium text-red-950 dark:bg-red-500/20 dark:text-red-100';

/**
 * Says, on every page, that the server stopped taking this browser's key: revoked (and when, where
 * the server says) or rejected, with the way back in, from the page's next request, the person's
 * return to the tab or the watch's slow check (server-state/key-watch.ts). Pages keep what they show.
 */
export function KeyRefusedBanner() {
  useKeyWatch();
  // The remembered key's cookie, for the service's drawing of the next visit's list, follows the key here too.
  useListKeyCookie();
  const refusal = useKeyRefusal();
  // Settings and the welcome page are where a key is entered: they say it themselves.
  const onKeyPage = useLocation({ select: (l) => l.pathname === '/settings' || l.pathname === '/welcome' });
  if (refusal === null || onKeyPage) return null;
  return (
    <div role="alert" className={bannerClass}>
      <span>
        {refusal.revoked
          ? `This key was revoked${refusal.revokedAt !== null ? ` on ${formatDateTime(refusal.revokedAt)}` : ''}. Ask the account’s owner for a new key.`
          : 'The server rejected this key; nothing on screen is being updated.'}
      </span>
      <Link to="/settings" className="underline underline-offset-2 hover:no-underline">
        Enter another key in Settings
      </Link>
    </div>
  );
}
