import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getApiClient } from '@/api/active-client';
import { getProfilesStore } from '@/api/profiles-store';
import { executionQueries } from '@/features/executions/execution-queries';
import { getRunJournal } from '@/lib/run-journal';

/**
 * Starts one execution, records its input in the local journal (the API never returns it) and
 * opens the execution page.
 */
export function useRunWorkflow(workflowId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (input: Record<string, unknown> | null) => {
      const created = await getApiClient().createExecution(workflowId, input ?? undefined);
      try {
        await getRunJournal()?.record({
          executionId: created.execution_id,
          workflowId,
          input,
          profileId: getProfilesStore().active().id,
        });
      } catch {
        // The run exists either way; only "Run again" loses its memory of the input.
      }
      return created;
    },
    onSuccess: async (created) => {
      void queryClient.invalidateQueries({ queryKey: executionQueries.all(workflowId) });
      await navigate({
        to: '/workflows/$workflowId/executions/$executionId',
        params: { workflowId, executionId: created.execution_id },
      });
    },
  });
}
