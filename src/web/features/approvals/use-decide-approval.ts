import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExecutionDetail } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { executionQueries } from '@/features/executions/execution-queries';
import { rememberRejection } from '@/features/executions/rejections';
import { patchRunInLists, runsQueries } from '@/features/runs-list/runs-queries';
import { workflowQueries } from '@/features/workflows/workflow-queries';
import { approvalQueries } from './approval-queries';
import { announceDecision } from './decision-broadcast';

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
  // The patch matters where nothing re-reads on its own, as the header's count on a strict v1 server.
  if (status) patchRunInLists(queryClient, executionId, { status });
  refreshAfterDecision(queryClient, workflowId, undefined);
}

/**
 * Everything that shows a decided run follows the decision at once, wherever it was made: its
 * page, the runs lists (patched now, their first pages re-read), the workflow's runs, the header's
 * count, the inbox and the workflows list (its waiting count and last run). Pages read further back are re-read only when next shown.
 */
export function refreshAfterDecision(
  queryClient: QueryClient,
  workflowId: string,
  detail: ExecutionDetail | undefined,
) {
  if (detail) {
    queryClient.setQueryData(executionQueries.detail(workflowId, detail.id).queryKey, detail);
    patchRunInLists(queryClient, detail.id, { status: detail.status });
  }
  void queryClient.invalidateQueries({ queryKey: executionQueries.all(workflowId) });
  void queryClient.invalidateQueries({ queryKey: approvalQueries.waitingCount().queryKey });
  void queryClient.invalidateQueries({ queryKey: workflowQueries.list().queryKey });
  void queryClient.invalidateQueries({ queryKey: runsQueries.all(), predicate: runsQueries.isHead });
  void queryClient.invalidateQueries({
    queryKey: runsQueries.all(),
    predicate: (query) => !runsQueries.isHead(query),
    refetchType: 'none',
  });
}

/**
 * Approves or rejects a waiting execution; one hook serves a single execution page and the inbox
 * alike, as the decision names its execution. The answer is the new detail, so the page shows it
 * at once. A refused decision refreshes the same things, as someone else may have decided first.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowId, executionId, approved, comment }: ApprovalDecision) =>
      getApiClient().decideApproval(workflowId, executionId, { approved, comment: comment?.trim() || undefined }),
    onSuccess: (detail, { workflowId, executionId, approved, comment }) => {
      // Remembered before the new status shows, so the run reads "Rejected" from its first frame.
      if (!approved) rememberRejection(executionId, comment);
      refreshAfterDecision(queryClient, workflowId, detail);
      announceDecision({ workflowId, executionId, status: detail?.status });
    },
    onError: (_error, { workflowId, executionId }) => {
      refreshAfterDecision(queryClient, workflowId, undefined);
      announceDecision({ workflowId, executionId });
    },
  });
}
