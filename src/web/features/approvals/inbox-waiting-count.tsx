import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ServerCapabilities } from '@/api/capabilities';
import { feedQueries, mergeRuns } from '@/server-state/runs';
import { feedKeyFor } from '@/features/runs/use-runs-feed';
import type { Waiting } from './waiting-count';
import { WAITING } from './waiting-filter';

/** Every waiting run the inbox read (its cached pages), on a server without the cross-workflow list. */
export default function InboxWaitingCount({
  caps,
  children,
}: {
  caps: ServerCapabilities;
  children: (waiting: Waiting | undefined) => ReactNode;
}) {
  const inboxKey = feedKeyFor({ kind: 'all' }, WAITING, caps);
  const head = useQuery({ ...feedQueries.head(inboxKey), enabled: false });
  const pages = useInfiniteQuery({ ...feedQueries.pages(inboxKey), enabled: false });
  if (!head.data && !pages.data) return children(undefined);
  const runs = mergeRuns(
    head.data?.items,
    (pages.data?.pages ?? []).map((p) => p.items),
  );
  return children({ count: runs.filter((r) => r.status === 'human_in_the_loop').length, more: false });
}
