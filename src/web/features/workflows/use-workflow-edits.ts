import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { WorkflowDetail } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { workflowQueries } from './workflow-queries';

/** The contract's limits on what the edit dialogs send (UpdateWorkflowRequest, ReplanWorkflowRequest). */
export const EDIT_LIMITS = { name: 200, description: 2000, prompt: 20000 } as const;

interface WorkflowTexts {
  name: string;
  description: string;
}

/** Renames a workflow and edits its description (local extension), then shows the server's answer. */
export function useUpdateWorkflow(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texts: WorkflowTexts) =>
      getApiClient().updateWorkflow(workflowId, { name: texts.name.trim(), description: texts.description.trim() }),
    onSuccess: (detail) => {
      queryClient.setQueryData(workflowQueries.detail(workflowId).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: workflowQueries.list().queryKey });
    },
  });
}

/**
 * Re-plans a workflow in place from an edited prompt (local extension). The answer says `planning`,
 * so the workflow page polls and shows planning as after create.
 */
export function useReplanWorkflow(workflowId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prompt: string) => getApiClient().replanWorkflow(workflowId, prompt.trim()),
    onSuccess: (detail: WorkflowDetail) => {
      queryClient.setQueryData(workflowQueries.detail(workflowId).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: workflowQueries.list().queryKey });
    },
  });
}

/** Deletes a workflow with its runs (local extension), then opens the list without it. */
export function useDeleteWorkflow(workflowId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => getApiClient().deleteWorkflow(workflowId),
    onSuccess: async () => {
      // The list is read again before it shows, so it never shows the deleted workflow.
      await queryClient.invalidateQueries({ queryKey: workflowQueries.list().queryKey, refetchType: 'all' });
      await navigate({ to: '/workflows' });
      // Its detail and every list of its runs are gone from the server (removed once its page is gone).
      queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(workflowId) });
      // Run lists and counts on screen read again (never the server's capabilities).
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'server' });
    },
  });
}

/**
 * How many runs the workflow has, for the delete confirmation: where the server has the stats
 * extension, its total over the workflow's whole life (day buckets from its creation); else unknown.
 */
export function useRunCount(workflow: WorkflowDetail, enabled: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: [...workflowQueries.detail(workflow.id).queryKey, 'run-count'],
    queryFn: ({ signal }) =>
      getApiClient().getExecutionStats(
        workflow.id,
        {
          from: workflow.created_at,
          to: new Date(Date.now() + 60_000).toISOString(),
          bucket: 'day',
          tzOffsetMinutes: 0,
        },
        { signal },
      ),
    enabled,
    staleTime: 0,
    retry: false,
    select: (stats) => stats.total,
    meta: { label: 'the run count' },
  });
  return data;
}
