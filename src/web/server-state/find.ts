import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import type { ApiClient } from '@/api/client';
import { queryKeys } from './query-keys';
import { listAllWorkflows } from './runs-feed';

/** What Find reads from the server: one workflow or run by id, and pages of runs. */
export type FindClient = Pick<ApiClient, 'getWorkflow' | 'getExecution' | 'listExecutions' | 'listAccountExecutions'>;

/** The active profile's client, for Find's reads (a person asked: they go first in the budget). */
export const findClient = (): FindClient => getApiClient();

export const findQueries = {
  /** Every workflow, read once when Find opens so names match as they are typed; fresh for a minute. */
  everyWorkflow: () =>
    queryOptions({
      queryKey: queryKeys.workflows.every(),
      queryFn: ({ signal }) => listAllWorkflows(getApiClient(), 'user', signal).then((r) => r.workflows),
      staleTime: 60_000,
      meta: { label: 'the workflows' },
    }),
};

/** Every workflow, from the cache while fresh. */
export const everyWorkflow = (queryClient: QueryClient) => queryClient.fetchQuery(findQueries.everyWorkflow());

/** Everything the cache holds now, with when it was read: Find matches among it before asking the server. */
export const cachedData = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .map((q) => ({ data: q.state.data, updatedAt: q.state.dataUpdatedAt }));
