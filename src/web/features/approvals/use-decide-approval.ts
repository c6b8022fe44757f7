import { useDecideApproval as useDecideMutation } from '@/server-state/approval-decisions';
import { rememberRejection } from '@/features/runs/rejections';

/**
 * Approves or rejects a waiting run (the refresh of every view that shows it is the layer's); a
 * rejection is remembered before the new status shows, so the run reads "Rejected" from its first frame.
 */
export const useDecideApproval = () =>
  useDecideMutation({
    onAnswer: ({ approved, executionId, comment }) => {
      if (!approved) rememberRejection(executionId, comment);
    },
  });
