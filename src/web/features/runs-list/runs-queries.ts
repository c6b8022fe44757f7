import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { ExecutionStatus } from '@contract/openapi-document';
import { errorBackoff } from '@/api/retry-policy';
import { getApiClient } from '@/api/active-client';
import { firstCursor, readFeedPage, type FeedCursor, type FeedPage, type FeedScope } from './feed';
import type { RunRow } from './run-filter';

/** Runs per page read: the most v1 allows, so a scan spends as few requests as it can. */
const RUNS_PAGE_SIZE = 100;
/** Runs the live re-read of the first page asks for. */
const HEAD_SIZE = 25;
/** How often an open list re-reads its first page, so a run started anywhere shows up. */
export const RUNS_POLL_MS = 10_000;
/** The share of the budget a merged list's re-reads may take: one request per this many ms. */
const MERGED_MS_PER_REQUEST = 2_000;

export interface FeedKey {
  scope: FeedScope;
  /** Statuses the server filters on (only where it declares the filter). */
  statuses?: readonly ExecutionStatus[];
  /** The scope "all" reads GET /executions (else every workflow's list, merged). */
  globalList: boolean;
}

const scopeKey = (scope: FeedScope) => (scope.kind === 'all' ? 'all' : scope.workflowId);
const statusKey = (statuses: readonly ExecutionStatus[] | undefined) => statuses?.join(',') ?? 'any';

/** A merged re-read costs one request per workflow, so it comes less often: a fixed share of the budget. */
const headInterval = (requests: number | undefined): number =>
  Math.max(RUNS_POLL_MS, (requests ?? 1) * MERGED_MS_PER_REQUEST);

export const runsQueries = {
  all: () => ['runs'] as const,

  /** Every list's live first page (not the pages read further back), for a cheap re-read after a change. */
  isHead: (query: Pick<Query, 'queryKey'>): boolean =>
    query.queryKey[0] === runsQueries.all()[0] && query.queryKey.at(-1) === 'head',

  /** The pages read so far, oldest last; the live first page comes from `head`. */
  feed: ({ scope, statuses, globalList }: FeedKey) =>
    infiniteQueryOptions({
      queryKey: [...runsQueries.all(), scopeKey(scope), statusKey(statuses), globalList, 'pages'],
      queryFn: ({ pageParam, signal }) =>
        readFeedPage(
          {
            client: getApiClient(),
            scope,
            statuses,
            globalList,
            limit: RUNS_PAGE_SIZE,
            // Pages past the first are a scan or a "load more": they take what people leave of the budget.
            priority: isFirst(pageParam) ? 'visible' : 'background',
            signal,
          },
          pageParam,
        ),
      initialPageParam: firstCursor({ scope, globalList }) as FeedCursor,
      getNextPageParam: (last) => last.next,
      // The head query keeps the top fresh; re-reading every page would spend the budget on old runs.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      meta: { label: 'the runs' },
    }),

  head: ({ scope, statuses, globalList }: FeedKey) =>
    queryOptions({
      queryKey: [...runsQueries.all(), scopeKey(scope), statusKey(statuses), globalList, 'head'],
      queryFn: ({ signal }) =>
        readFeedPage(
          { client: getApiClient(), scope, statuses, globalList, limit: HEAD_SIZE, priority: 'visible', signal },
          firstCursor({ scope, globalList }),
        ),
      refetchInterval: (q) =>
        q.state.status === 'error' ? errorBackoff(q.state.errorUpdateCount) : headInterval(q.state.data?.requests),
      refetchIntervalInBackground: false,
      meta: { label: 'the newest runs' },
    }),
};

const isFirst = (cursor: FeedCursor): boolean =>
  cursor.kind === 'single' ? cursor.cursor === null : cursor.workflows === null;

const patchItems = (page: FeedPage, id: string, patch: Partial<RunRow>): FeedPage =>
  page.items.some((r) => r.id === id)
    ? { ...page, items: page.items.map((r) => (r.id === id ? { ...r, ...patch } : r)) }
    : page;

/**
 * Writes what is now known of one run into every runs list read so far (first pages and pages
 * further back alike), so each shows it at once, without re-reading the pages.
 */
export function patchRunInLists(queryClient: QueryClient, id: string, patch: Partial<RunRow>): void {
  queryClient.setQueriesData<FeedPage | InfiniteData<FeedPage>>({ queryKey: runsQueries.all() }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map((p) => patchItems(p, id, patch)) };
    return patchItems(data, id, patch);
  });
}
