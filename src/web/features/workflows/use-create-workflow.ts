import { useNavigate } from '@tanstack/react-router';
import { useCreateWorkflow as useCreateWorkflowMutation } from '@/server-state/workflow-edits';
import { rememberCreatedWorkflow } from './created-workflows';

/** Creates a workflow, remembers the create response for its page, and opens that page. */
export function useCreateWorkflow() {
  const navigate = useNavigate();
  return useCreateWorkflowMutation({
    onCreated: async (created) => {
      rememberCreatedWorkflow(created);
      await navigate({ to: '/workflows/$workflowId', params: { workflowId: created.id } });
    },
  });
}
