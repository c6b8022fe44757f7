import { useQueryClient } from '@tanstack/react-query';
import { useRecoveringMutation } from './recovering-mutation';
import { getApiClient } from '@/api/active-client';
import type { ApprovalDecision } from './approvals';
import { announceDecision } from './decision-broadcast';
import { refreshAfter } from './refresh';

// Apart from approvals.ts, which the header's count loads with the first page: deciding is for the
// inbox and a run's page only.

/**
 * Approves or rejects a waiting execution; one hook serves a single execution page and the inbox
 * alike, as the decision names its execution. The answer is the new detail, so the page shows it
 * at once, and everything else that shows the run follows (refreshAfter.decision), here and in
 * this browser's other tabs. A refused decision refreshes the same things, as someone else may
 * have decided first. `onAnswer` runs before anything shows the answer.
 */
export function useDecideApproval({ onAnswer }: { onAnswer?: (decision: ApprovalDecision) => void } = {}) {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: ({ workflowId, executionId, approved, comment }: ApprovalDecision) =>
      getApiClient().decideApproval(workflowId, executionId, { approved, comment: comment?.trim() || undefined }),
    onSuccess: (detail, decision) => {
      onAnswer?.(decision);
      const { workflowId, executionId } = decision;
      refreshAfter.decision(queryClient, workflowId, { executionId, detail });
      announceDecision({ workflowId, executionId, status: detail?.status });
    },
    onError: (_error, { workflowId, executionId }) => {
      refreshAfter.decision(queryClient, workflowId, { executionId });
      announceDecision({ workflowId, executionId });
    },
  });
}
