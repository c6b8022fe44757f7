import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRecoveringMutation } from './recovering-mutation';
import type { WorkflowCreateResponse, WorkflowDetail } from '@contract/openapi-document';
import { getApiClient } from '@/api/active-client';
import { queryKeys } from './query-keys';
import { refreshAfter } from './refresh';

// Creating, editing and deleting workflows: apart from workflows.ts, which the first page loads, so
// the list's JavaScript does not carry what only the create form and the edit dialogs use.

/** What the create form sends; blank optional fields are left out, so the planner chooses them. */
export interface NewWorkflow {
  prompt: string;
  name?: string;
  description?: string;
}

const createBody = ({ prompt, name, description }: NewWorkflow) => ({
  prompt: prompt.trim(),
  ...(name?.trim() ? { name: name.trim() } : {}),
  ...(description?.trim() ? { description: description.trim() } : {}),
});

/** Creates a workflow; the list shows it, then `onCreated` (open its page) runs. */
export function useCreateWorkflow({ onCreated }: { onCreated: (created: WorkflowCreateResponse) => Promise<void> }) {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: (workflow: NewWorkflow) => getApiClient().createWorkflow(createBody(workflow)),
    onSuccess: async (created) => {
      refreshAfter.workflowCreated(queryClient);
      await onCreated(created);
    },
  });
}

/** The contract's limits on what the edit dialogs send (UpdateWorkflowRequest, ReplanWorkflowRequest). */
export const EDIT_LIMITS = { name: 200, description: 2000, prompt: 20000 } as const;

interface WorkflowTexts {
  name: string;
  description: string;
}

/** Renames a workflow and edits its description (local extension), then shows the server's answer. */
export function useUpdateWorkflow(workflowId: string) {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: (texts: WorkflowTexts) =>
      getApiClient().updateWorkflow(workflowId, { name: texts.name.trim(), description: texts.description.trim() }),
    onSuccess: (detail) => refreshAfter.workflowChanged(queryClient, detail),
  });
}

/**
 * Re-plans a workflow in place from an edited prompt (local extension). The answer says `planning`,
 * so the workflow page polls and shows planning as after create.
 */
export function useReplanWorkflow(workflowId: string) {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: (prompt: string) => getApiClient().replanWorkflow(workflowId, prompt.trim()),
    onSuccess: (detail: WorkflowDetail) => refreshAfter.workflowChanged(queryClient, detail),
  });
}

/** Deletes a workflow with its runs (local extension); `onDeleted` leaves its page before its data goes. */
export function useDeleteWorkflow(workflowId: string, { onDeleted }: { onDeleted: () => Promise<void> }) {
  const queryClient = useQueryClient();
  return useRecoveringMutation({
    mutationFn: () => getApiClient().deleteWorkflow(workflowId),
    onSuccess: async () => {
      await refreshAfter.workflowDeleting(queryClient);
      await onDeleted();
      refreshAfter.workflowDeleted(queryClient, workflowId);
    },
  });
}

/**
 * How many runs the workflow has, for the delete confirmation: where the server has the stats
 * extension, its total over the workflow's whole life (day buckets from its creation); else unknown.
 */
export function useRunCount(workflow: WorkflowDetail, enabled: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: queryKeys.workflows.runCount(workflow.id),
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
