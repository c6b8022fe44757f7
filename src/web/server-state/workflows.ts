import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { WorkflowCreateResponse, WorkflowDetail } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';

const WORKFLOW_PAGE_SIZE = 50;
/** Runs a list row reads where the server gives no activity: one page, the newest. */
const RECENT_RUNS = 25;
/** A list row's runs are a summary: read again at most this often, so a list of rows stays cheap. */
const RECENT_RUNS_STALE_MS = 120_000;
/** How long after creation a server without the status extension may still be planning. */
const PLANNING_GRACE_MS = 120_000;

/** Whether the workflow is (or may still be) planning, from the extension or from our own creation. */
export function planningState(
  detail: WorkflowDetail | undefined,
  created: WorkflowCreateResponse | undefined,
  now = Date.now(),
) {
  if (!detail) return 'unknown' as const;
  if (detail.status === 'planning') return 'planning' as const;
  if (detail.status === 'failed') return 'failed' as const;
  if (detail.status === 'ready' || detail.input_schema !== null) return 'ready' as const;
  // A plain v1 server says nothing: a null schema soon after we created it may mean "not designed yet".
  if (created && now - Date.parse(created.created_at) < PLANNING_GRACE_MS) return 'maybe-planning' as const;
  return 'ready' as const;
}

/** Polls a planning workflow with a growing delay: 1 s, 1.5 s, 2.25 s … up to 15 s. */
export const planningPollDelay = (updates: number) =>
  Math.min(15_000, Math.round(1000 * 1.5 ** Math.max(0, updates - 1)));

export const workflowQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.workflows.list(),
      queryFn: ({ pageParam, signal }) =>
        getApiClient().listWorkflows({ limit: WORKFLOW_PAGE_SIZE, cursor: pageParam }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.cursor ?? undefined,
      meta: { label: 'the workflow list' },
    }),

  /**
   * The newest page of a workflow's runs, for its list row on a server without the activity
   * extension. Under the workflow's runs (queryKeys.runs.ofWorkflow), so whatever refreshes its
   * runs (a decision, a run ending) refreshes the row too; a change to the workflows does not.
   */
  recentRuns: (workflowId: string) =>
    queryOptions({
      queryKey: queryKeys.runs.recent(workflowId),
      queryFn: ({ signal }) =>
        getApiClient().listExecutions(workflowId, { limit: RECENT_RUNS }, { signal, priority: 'background' }),
      staleTime: RECENT_RUNS_STALE_MS,
      refetchOnWindowFocus: false,
      meta: { label: 'the recent runs' },
    }),

  detail: (workflowId: string) =>
    queryOptions({
      queryKey: queryKeys.workflows.detail(workflowId),
      queryFn: ({ signal }) => getApiClient().getWorkflow(workflowId, { signal }),
      meta: { label: 'the workflow' },
    }),
};

/** The workflow as this tab last read it, if it did (names a run's archive, a notification). */
export const cachedWorkflow = (queryClient: QueryClient, workflowId: string): WorkflowDetail | undefined =>
  queryClient.getQueryData(workflowQueries.detail(workflowId).queryKey);

/** Reads the workflows list again (after a planning workflow's page refreshes by hand). */
export const refreshWorkflowList = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
