import { useRetention } from '@/server-state/retention';
import { retentionSentence } from '@/lib/retention-sentence';

/** One line saying how long the server keeps runs, where it says so; nothing on other servers. */
export function RetentionNote({ className }: { className?: string }) {
  const retention = useRetention();
  const sentence = retention && retentionSentence(retention);
  if (!sentence) return null;
  return <span className={className}>{sentence}</span>;
}
