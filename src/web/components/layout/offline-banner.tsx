import { useOnline } from '../../lib/use-online';
import { WifiOffIcon } from '../ui/shell-icons';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm font-medium text-amber-950 dark:bg-amber-500/20 dark:text-amber-100">
      <WifiOffIcon />
      You are offline. The dashboard will refresh when the connection returns.
    </div>
  );
}
