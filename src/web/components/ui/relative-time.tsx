import { useEffect, useState } from 'react';
import { formatExact, formatPast } from '@/lib/format-time';

/**
 * When something happened: "5 minutes ago", with the exact time on hover; re-renders every 30 s so
 * it stays true. A time ahead of this clock reads "just now".
 */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={iso} title={formatExact(iso)} className={className}>
      {formatPast(iso, now)}
    </time>
  );
}
