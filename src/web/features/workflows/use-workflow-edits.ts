import { useNavigate } from '@tanstack/react-router';
import { useDeleteWorkflow as useDeleteWorkflowMutation } from '@/server-state/workflow-edits';

/** Deletes a workflow with its runs (local extension), then opens the list without it. */
export function useDeleteWorkflow(workflowId: string) {
  const navigate = useNavigate();
  return useDeleteWorkflowMutation(workflowId, { onDeleted: () => navigate({ to: '/workflows' }) });
}
