import { queryOptions } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import { errorBackoff } from '@/api/retry-policy';
import type { RunFilter } from '@/features/runs-list/run-filter';

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
