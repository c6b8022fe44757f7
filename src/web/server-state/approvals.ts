import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ExecutionDetail } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';
import { refreshAfter } from './refresh';
import { errorBackoff } from '@/api/retry-policy';

export { followOtherTabsDecisions } from './decision-broadcast';

/** The status a run waits for a person in. */
export const WAITING_STATUS = 'human_in_the_loop' as const;

/** The header's count is a summary: it is read less often than the inbox itself. */
const COUNT_POLL_MS = 30_000;

/** How many runs wait for a person; `more` when there are more than one page of them. */
export interface Waiting {
  count: number;
  more: boolean;
}

export const approvalQueries = {
  /** How many runs wait, from the cross-workflow list in one request; "100+" past one page. */
  waitingCount: () =>
    queryOptions({
      queryKey: queryKeys.approvals.count(),
      queryFn: async ({ signal }): Promise<Waiting> => {
        const page = await getApiClient().listAccountExecutions(
          { statuses: [WAITING_STATUS], limit: 100 },
          { signal, priority: 'background' },
        );
        return { count: page.data.length, more: page.cursor !== null };
      },
      refetchInterval: (q) => (q.state.status === 'error' ? errorBackoff(q.state.errorUpdateCount) : COUNT_POLL_MS),
      refetchIntervalInBackground: false,
      meta: { label: 'the approvals count' },
    }),
};

/** The header's count takes what the inbox just read from the same list, so the two never disagree. */
export const shareWaitingCount = (queryClient: QueryClient, waiting: Waiting) =>
  queryClient.setQueryData(approvalQueries.waitingCount().queryKey, waiting);

export interface ApprovalDecision {
  workflowId: string;
  executionId: string;
  approved: boolean;
  comment?: string;
}

/** A decision made in another tab: the run's new status where it is known, then the same fresh reads. */
export function refreshAfterOtherTabsDecision(
  queryClient: QueryClient,
  { workflowId, executionId, status }: { workflowId: string; executionId: string; status?: ExecutionDetail['status'] },
) {
  refreshAfter.decision(queryClient, workflowId, { executionId, status });
}
