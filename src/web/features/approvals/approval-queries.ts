import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import { errorBackoff } from '@/api/retry-policy';
import { useCapabilities } from '@/api/server-queries';
import { mergeRuns } from '@/features/runs-list/feed';
import type { RunFilter } from '@/features/runs-list/run-filter';
import { feedKeyFor } from '@/features/runs-list/use-runs-feed';
import { runsQueries } from '@/features/runs-list/runs-queries';

/** The inbox's filter: every run waiting for a person. */
export const WAITING: RunFilter = { status: 'human_in_the_loop' };

/** The header's count is a summary: it is read less often than the inbox itself. */
const COUNT_POLL_MS = 30_000;

export const approvalQueries = {
  /** How many runs wait, from the cross-workflow list in one request; "100+" past one page. */
  waitingCount: () =>
    queryOptions({
      queryKey: ['approvals', 'count'],
      queryFn: async ({ signal }) => {
        const page = await getApiClient().listAccountExecutions(
          { statuses: ['human_in_the_loop'], limit: 100 },
          { signal, priority: 'background' },
        );
        return { count: page.data.length, more: page.cursor !== null };
      },
      refetchInterval: (q) => (q.state.status === 'error' ? errorBackoff(q.state.errorUpdateCount) : COUNT_POLL_MS),
      refetchIntervalInBackground: false,
      meta: { label: 'the approvals count' },
    }),
};

/**
 * Runs waiting for approval, for the header. Where the server lists every workflow's runs by
 * status this costs one request per half minute; elsewhere counting would mean reading every
 * workflow's list, so the header shows only what the inbox last found, and asks for nothing.
 */
export function useWaitingCount(): { count: number; more: boolean } | undefined {
  const caps = useCapabilities();
  const server = useQuery({ ...approvalQueries.waitingCount(), enabled: caps.globalExecutions });
  const inboxKey = feedKeyFor({ kind: 'all' }, WAITING, caps);
  const head = useQuery({ ...runsQueries.head(inboxKey), enabled: false });
  const pages = useInfiniteQuery({ ...runsQueries.feed(inboxKey), enabled: false });
  if (caps.globalExecutions) return server.data;
  if (!head.data && !pages.data) return undefined;
  const runs = mergeRuns(
    head.data?.items,
    (pages.data?.pages ?? []).map((p) => p.items),
  );
  return { count: runs.filter((r) => r.status === 'human_in_the_loop').length, more: false };
}
