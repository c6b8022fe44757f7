import { useOnline } from '@/lib/use-online';
import { useSecondsUntil, useServerReachability } from '@/lib/use-server-reachability';
import { WifiOffIcon } from '@/components/ui/shell-icons';

// Sticky at the top of the window: in view wherever the page is scrolled (an Approve button far down
// the page is where a person finds out), and opaque in dark mode so text does not show through.
const bannerClass =
  'sticky top-0 z-40 flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 shadow-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/**
 * The one outage state of every page: the browser is offline, or the server stopped answering.
 * Pages keep what they show; they refresh by themselves when the server answers again.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { down, nextProbeAt } = useServerReachability();
  const seconds = useSecondsUntil(down ? nextProbeAt : null);
  if (!online) {
    return (
      <div role="status" className={bannerClass}>
        <WifiOffIcon />
        You are offline. The dashboard will refresh when the connection returns.
      </div>
    );
  }
  if (!down) return null;
  return (
    <div className={bannerClass}>
      <WifiOffIcon />
      {/* The countdown ticks every second, so it sits outside the live region: screen readers hear the sentence once. */}
      <span>The server is not answering; {seconds === 0 ? 'retrying now' : `retrying in ${seconds ?? 0} s`}.</span>
      <span role="status" className="sr-only">
        The server is not answering. The dashboard retries by itself and keeps what it shows.
      </span>
    </div>
  );
}
