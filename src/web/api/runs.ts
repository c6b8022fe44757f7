import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { isTerminalStatus, type ExecutionListItem, type ListPage } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { errorBackoff } from '@/api/retry-policy';
import { pollInterval } from './poll-interval';

const EXECUTION_PAGE_SIZE = 25;
/** How often a list with running executions refreshes; slower than a detail page, it is a summary. */
const LIST_LIVE_MS = 5_000;

const hasActive = (data: InfiniteData<ListPage<ExecutionListItem>> | undefined) =>
  !!data?.pages.some((p) => p.data.some((e) => !isTerminalStatus(e.status)));

export const executionQueries = {
  all: (workflowId: string) => ['executions', workflowId] as const,

  list: (workflowId: string) =>
    infiniteQueryOptions({
      queryKey: [...executionQueries.all(workflowId), 'list'],
      queryFn: ({ pageParam, signal }) =>
        getApiClient().listExecutions(workflowId, { limit: EXECUTION_PAGE_SIZE, cursor: pageParam }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.cursor ?? undefined,
      refetchInterval: (q) =>
        q.state.status === 'error'
          ? errorBackoff(q.state.errorUpdateCount)
          : hasActive(q.state.data)
            ? LIST_LIVE_MS
            : false,
      refetchIntervalInBackground: false,
      meta: { label: 'the executions' },
    }),

  detail: (workflowId: string, executionId: string) =>
    queryOptions({
      queryKey: [...executionQueries.all(workflowId), 'detail', executionId],
      queryFn: ({ signal }) => getApiClient().getExecution(workflowId, executionId, { signal }),
      // Failed polls back off with jitter; otherwise the server's hint sets the pace.
      refetchInterval: (q) =>
        q.state.status === 'error' ? errorBackoff(q.state.errorUpdateCount) : pollInterval(q.state.data),
      refetchIntervalInBackground: false,
      meta: { label: 'the execution' },
    }),
};
