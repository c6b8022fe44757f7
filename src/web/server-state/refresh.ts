/**
 * What each change refreshes, written once: every mutation in the resource modules (and the
 * watcher, and another tab's decision) calls one of these, so no view is left showing the old state.
 */
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { ExecutionDetail, WorkflowDetail } from '@contract/openapi-document';
import { queryKeys } from './query-keys';
import type { FeedPage, FeedRow } from './runs-feed';

/** Every runs list's live first page (not the pages read further back), for a cheap re-read after a change. */
const isFeedHead = (query: Pick<Query, 'queryKey'>): boolean => {
  const [root, kind] = queryKeys.runs.feeds();
  return query.queryKey[0] === root && query.queryKey[1] === kind && query.queryKey.at(-1) === 'head';
};

const patchItems = (page: FeedPage, id: string, patch: Partial<FeedRow>): FeedPage =>
  page.items.some((r) => r.id === id)
    ? { ...page, items: page.items.map((r) => (r.id === id ? { ...r, ...patch } : r)) }
    : page;

/**
 * Writes what is now known of one run into every runs list read so far (first pages and pages
 * further back alike), so each shows it at once, without re-reading the pages.
 */
export function patchRunInLists(queryClient: QueryClient, id: string, patch: Partial<FeedRow>): void {
  queryClient.setQueriesData<FeedPage | InfiniteData<FeedPage>>({ queryKey: queryKeys.runs.feeds() }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map((p) => patchItems(p, id, patch)) };
    return patchItems(data, id, patch);
  });
}

/** The runs lists: their first pages re-read now, pages further back when next shown. */
function refreshRunsLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.runs.feeds(), predicate: isFeedHead });
  void queryClient.invalidateQueries({
    queryKey: queryKeys.runs.feeds(),
    predicate: (query) => !isFeedHead(query),
    refetchType: 'none',
  });
}

export const refreshAfter = {
  /** A new workflow shows in the list. */
  workflowCreated(queryClient: QueryClient) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
  },

  /** A rename, a new description or a re-plan: the page shows the server's answer, the list follows. */
  workflowChanged(queryClient: QueryClient, detail: WorkflowDetail) {
    queryClient.setQueryData(queryKeys.workflows.detail(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
  },

  /** The list is read again before it shows, so it never shows the deleted workflow. */
  workflowDeleting(queryClient: QueryClient) {
    return queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list(), refetchType: 'all' });
  },

  /**
   * Once its page is gone: its detail and every list of its runs are gone from the server, and the
   * run lists and counts on screen read again (never the server's capabilities).
   */
  workflowDeleted(queryClient: QueryClient, workflowId: string) {
    queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(workflowId) });
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.server.all()[0] });
  },

  /** A run started: the workflow's runs (and its list row), the runs lists and the workflows list's last run. */
  runStarted(queryClient: QueryClient, workflowId: string) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.ofWorkflow(workflowId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
    refreshRunsLists(queryClient);
  },

  /** Runs were cancelled: everything that shows a workflow's runs or a waiting count. */
  runsCancelled(queryClient: QueryClient, workflowId: string) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.ofWorkflow(workflowId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.approvals.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
    refreshRunsLists(queryClient);
  },

  /** A run this browser started ended (seen by the watcher): its page shows it, its workflow's runs follow. */
  runSettled(queryClient: QueryClient, workflowId: string, detail: ExecutionDetail) {
    queryClient.setQueryData(queryKeys.runs.detail(workflowId, detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.ofWorkflow(workflowId) });
  },

  /**
   * A decision, wherever it was made: the run's page (from the answer, when there is one), the runs
   * lists (patched now, their first pages re-read), the workflow's runs, the header's count, the
   * inbox and the workflows list (its waiting count and last run).
   */
  decision(
    queryClient: QueryClient,
    workflowId: string,
    outcome: { executionId: string; status?: ExecutionDetail['status']; detail?: ExecutionDetail },
  ) {
    if (outcome.detail) queryClient.setQueryData(queryKeys.runs.detail(workflowId, outcome.detail.id), outcome.detail);
    const status = outcome.detail?.status ?? outcome.status;
    if (status) patchRunInLists(queryClient, outcome.executionId, { status });
    void queryClient.invalidateQueries({ queryKey: queryKeys.runs.ofWorkflow(workflowId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.approvals.all() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.workflows.list() });
    refreshRunsLists(queryClient);
  },
};
