import {
  infiniteQueryOptions,
  queryOptions,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useRecoveringMutation } from './recovering-mutation';
import {
  isTerminalStatus,
  type ExecutionDetail,
  type ExecutionListItem,
  type ExecutionStatus,
  type ListPage,
} from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { isApiError } from '@/api/errors';
import { pollInterval } from './poll-interval';
import { byStatus } from './run-part-query';
import { queryKeys } from './query-keys';
import { refreshAfter } from './refresh';
import { errorBackoff } from '@/api/retry-policy';
import {
  firstCursor,
  readFeedPage,
  type FeedCursor,
  type FeedNarrowing,
  type FeedPage,
  type FeedRequest,
  type FeedScope,
} from './runs-feed';

export type { ListedExecution } from '@/api/client';

const EXECUTION_PAGE_SIZE = 25;
/** How often a list with running executions refreshes; slower than a detail page, it is a summary. */
const LIST_LIVE_MS = 5_000;
/** While a run processes, its current step moves on about this often at most. */
const PROCESSING_STEPS_MS = 3_000;

const hasActive = (data: InfiniteData<ListPage<ExecutionListItem>> | undefined) =>
  !!data?.pages.some((p) => p.data.some((e) => !isTerminalStatus(e.status)));

export const runQueries = {
  /** One workflow's runs, newest first, live while any of them runs. */
  list: (workflowId: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.runs.list(workflowId),
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
      queryKey: queryKeys.runs.detail(workflowId, executionId),
      queryFn: ({ signal }) => getApiClient().getExecution(workflowId, executionId, { signal }),
      // Failed polls back off with jitter; otherwise the server's hint sets the pace.
      refetchInterval: (q) =>
        q.state.status === 'error' ? errorBackoff(q.state.errorUpdateCount) : pollInterval(q.state.data),
      refetchIntervalInBackground: false,
      meta: { label: 'the execution' },
    }),

  /** The run's steps (steps extension), read again when its status changes and while it processes. */
  steps: (workflowId: string, executionId: string, status: ExecutionStatus, enabled: boolean) =>
    byStatus({
      queryKey: queryKeys.runs.steps(workflowId, executionId, status),
      read: (signal) => getApiClient().getExecutionSteps(workflowId, executionId, { signal }),
      enabled,
      refetchInterval: status === 'processing' ? PROCESSING_STEPS_MS : false,
      label: 'the steps',
    }),

  /** Who started, decided and cancelled the run (activity extension), read again when its status changes. */
  activity: (workflowId: string, executionId: string, status: ExecutionStatus, enabled: boolean) =>
    byStatus({
      queryKey: queryKeys.runs.activity(workflowId, executionId, status),
      read: (signal) => getApiClient().getExecutionActivity(workflowId, executionId, { signal }),
      enabled,
      refetchInterval: false,
      label: 'who did what',
    }),

  /**
   * One run's input: what this browser's journals know (`readLocal`), else the server's input
   * extension where `fromServer` says the document declares it; null when neither knows it.
   */
  input: <T extends object>(
    workflowId: string,
    executionId: string,
    fromServer: boolean,
    readLocal: () => Promise<T | null>,
    fromAnswer: (input: Record<string, unknown> | null) => T,
  ) =>
    queryOptions({
      queryKey: queryKeys.runs.input(workflowId, executionId, fromServer),
      queryFn: async () => {
        const local = await readLocal();
        if (local || !fromServer) return local;
        try {
          const { input } = await getApiClient().getExecutionInput(workflowId, executionId);
          return fromAnswer(input);
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: Infinity,
      retry: false,
    }),

  /** What this browser's run and batch journals know about one workflow's runs (`read` reads them). */
  journals: <T>(workflowId: string, read: () => Promise<T>) =>
    queryOptions({
      queryKey: queryKeys.runs.journalsOf(workflowId),
      queryFn: read,
      // A batch on another tab records its rows as they go: the list picks them up as it re-reads.
      staleTime: 15_000,
      refetchInterval: 15_000,
      refetchIntervalInBackground: false,
      retry: false,
    }),

  /** The batches this browser sent for a workflow, read by `read` (the batch journal); the runs page's batch filter. */
  journalBatches: <T>(workflowId: string | undefined, read: (workflowId: string) => Promise<T>) =>
    queryOptions({
      queryKey: queryKeys.runs.journalBatches(workflowId ?? ''),
      queryFn: () => read(workflowId!),
      enabled: !!workflowId,
      staleTime: 15_000,
      retry: false,
    }),
};

/**
 * Starts one run: `record` keeps its input in this browser (the API never returns it), then what
 * shows runs is refreshed and `onStarted` (open its page) runs.
 */
export function useStartRun(
  workflowId: string,
  {
    record,
    onStarted,
  }: {
    record: (executionId: string, input: Record<string, unknown> | null) => Promise<void>;
    onStarted: (executionId: string) => Promise<void>;
  },
) {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: async (input: Record<string, unknown> | null) => {
      const created = await getApiClient().createExecution(workflowId, input ?? undefined);
      await record(created.execution_id, input);
      return created;
    },
    onSuccess: async (created) => {
      refreshAfter.runStarted(queryClient, workflowId);
      await onStarted(created.execution_id);
    },
  });
}

/** The run as an open page keeps it fresh, if one does: as good as asking the server. */
export function watchedRun(queryClient: QueryClient, workflowId: string, executionId: string) {
  const query = queryClient
    .getQueryCache()
    .find<ExecutionDetail>({ queryKey: queryKeys.runs.detail(workflowId, executionId), exact: true });
  return query && query.getObserversCount() > 0 ? query.state.data : undefined;
}

/** Reads the run now, whatever the cache holds (its files' links may have expired). */
export const readRunNow = (queryClient: QueryClient, workflowId: string, executionId: string) =>
  queryClient.fetchQuery({ ...runQueries.detail(workflowId, executionId), staleTime: 0 });

/** The runs lists: what a page of rows is, and the figures the lists show. */
export type { FeedScope } from './runs-feed';
export { estimateTotal, mergeRuns, roundEstimate } from './runs-feed';

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
  /** The filters GET /executions applies besides status (only where it declares them). */
  narrowing?: FeedNarrowing;
}

const scopeKey = (scope: FeedScope, narrowing: FeedNarrowing = {}) =>
  [
    scope.kind === 'all' ? 'all' : scope.workflowId,
    narrowing.workflowId ?? '',
    narrowing.startedBy ?? '',
    narrowing.batchId ?? '',
  ].join('|');
const statusKey = (statuses: readonly ExecutionStatus[] | undefined) => statuses?.join(',') ?? 'any';

/** A merged re-read costs one request per workflow, so it comes less often: a fixed share of the budget. */
const headInterval = (requests: number | undefined): number =>
  Math.max(RUNS_POLL_MS, (requests ?? 1) * MERGED_MS_PER_REQUEST);

const isFirst = (cursor: FeedCursor): boolean =>
  cursor.kind === 'single' ? cursor.cursor === null : cursor.workflows === null;

const feedKey = (key: FeedKey, part: 'pages' | 'head') =>
  queryKeys.runs.feed(scopeKey(key.scope, key.narrowing), statusKey(key.statuses), key.globalList, part);

/** One page of the feed this key names, from `cursor` on. */
const readPage = (
  key: FeedKey,
  cursor: FeedCursor,
  limit: number,
  priority: FeedRequest['priority'],
  signal: AbortSignal,
) => readFeedPage({ ...key, client: getApiClient(), limit, priority, signal }, cursor);

export const feedQueries = {
  /** The pages read so far, oldest last; the live first page comes from `head`. */
  pages: (key: FeedKey) =>
    infiniteQueryOptions({
      queryKey: feedKey(key, 'pages'),
      queryFn: ({ pageParam, signal }) =>
        // Pages past the first are a scan or a "load more": they take what people leave of the budget.
        readPage(key, pageParam, RUNS_PAGE_SIZE, isFirst(pageParam) ? 'visible' : 'background', signal),
      initialPageParam: firstCursor(key) as FeedCursor,
      getNextPageParam: (last) => last.next,
      // The head query keeps the top fresh; re-reading every page would spend the budget on old runs.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      meta: { label: 'the runs' },
    }),

  head: (key: FeedKey) =>
    queryOptions({
      queryKey: feedKey(key, 'head'),
      queryFn: ({ signal }) => readPage(key, firstCursor(key), HEAD_SIZE, 'visible', signal),
      refetchInterval: (q) =>
        q.state.status === 'error' ? errorBackoff(q.state.errorUpdateCount) : headInterval(q.state.data?.requests),
      refetchIntervalInBackground: false,
      meta: { label: 'the newest runs' },
    }),
};

/**
 * The first page just read is the head's first answer: reading it again at once would spend the
 * budget twice (a merged list's first page costs a request per workflow). Idempotent.
 */
export function seedFeedHead(queryClient: QueryClient, key: FeedKey, first: FeedPage, updatedAt: number): void {
  const { queryKey } = feedQueries.head(key);
  if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, first, { updatedAt });
}

/** A person's "Refresh": the list reads its first page afresh (which seeds the head) and the journals again. */
export function refreshFeed(queryClient: QueryClient, key: FeedKey): void {
  queryClient.removeQueries({ queryKey: feedQueries.head(key).queryKey, exact: true });
  void queryClient.resetQueries({ queryKey: feedQueries.pages(key).queryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.runs.journals() });
}

/** A run this browser started ended: its page and its workflow's runs show it. */
export const settleRun = (queryClient: QueryClient, workflowId: string, detail: ExecutionDetail) =>
  refreshAfter.runSettled(queryClient, workflowId, detail);
