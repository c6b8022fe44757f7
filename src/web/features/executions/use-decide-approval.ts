import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import { executionQueries } from './execution-queries';

export interface ApprovalDecision {
  workflowId: string;
  executionId: string;
  approved: boolean;
  comment?: string;
}

/**
 * Approves or rejects a waiting execution; one hook serves a single execution page and a list of
 * waiting runs alike, as the decision names its execution. The answer is the new detail, so the page
 * shows it at once and the lists refresh behind it. A refused decision refetches the detail, as
 * someone else may have decided first.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowId, executionId, approved, comment }: ApprovalDecision) =>
      getApiClient().decideApproval(workflowId, executionId, { approved, comment: comment?.trim() || undefined }),
    onSuccess: (detail, { workflowId, executionId }) => {
      queryClient.setQueryData(executionQueries.detail(workflowId, executionId).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: executionQueries.all(workflowId) });
    },
    onError: (_error, { workflowId, executionId }) =>
      void queryClient.invalidateQueries({ queryKey: executionQueries.detail(workflowId, executionId).queryKey }),
  });
}
