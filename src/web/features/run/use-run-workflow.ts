import { useNavigate } from '@tanstack/react-router';
import { getProfilesStore } from '@/api/profiles-store';
import { useStartRun } from '@/server-state/runs';
import { getRunJournal } from '@/lib/run-journal';

/**
 * Starts one execution, records its input in the local journal (the API never returns it) and
 * opens the execution page.
 */
export function useRunWorkflow(workflowId: string) {
  const navigate = useNavigate();
  return useStartRun(workflowId, {
    record: async (executionId, input) => {
      try {
        await getRunJournal()?.record({ executionId, workflowId, input, profileId: getProfilesStore().active().id });
      } catch {
        // The run exists either way; only "Run again" loses its memory of the input.
      }
    },
    onStarted: (executionId) =>
      navigate({ to: '/workflows/$workflowId/executions/$executionId', params: { workflowId, executionId } }),
  });
}
