import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getApiClient } from '@/api/active-client';
import { rememberCreatedWorkflow } from './created-workflows';
import { workflowQueries } from './workflow-queries';

export interface NewWorkflow {
  prompt: string;
  name?: string;
  description?: string;
}

/** Blank optional fields are left out, so the planner chooses the name and the description. */
const requestBody = ({ prompt, name, description }: NewWorkflow) => ({
  prompt: prompt.trim(),
  ...(name?.trim() ? { name: name.trim() } : {}),
  ...(description?.trim() ? { description: description.trim() } : {}),
});

/** Creates a workflow, remembers the create response for its page, and opens that page. */
export function useCreateWorkflow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workflow: NewWorkflow) => getApiClient().createWorkflow(requestBody(workflow)),
    onSuccess: async (created) => {
      rememberCreatedWorkflow(created);
      void queryClient.invalidateQueries({ queryKey: workflowQueries.list().queryKey });
      await navigate({ to: '/workflows/$workflowId', params: { workflowId: created.id } });
    },
  });
}
