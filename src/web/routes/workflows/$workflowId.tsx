import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { RouteTabs } from '@/components/ui/tabs';
import { serverQueries } from '@/server-state/server';
import { useCreatedWorkflow } from '@/features/workflows/created-workflows';
import { PlanningNotes } from '@/features/workflows/planning-notes';
import { PlanningNotice } from '@/features/workflows/planning-notice';
import { WorkflowActions } from '@/features/workflows/workflow-actions';
import { WorkflowHeader } from '@/features/workflows/workflow-header';
import { planningPollDelay, planningState, refreshWorkflowList, workflowQueries } from '@/server-state/workflows';
import { useNarrower } from '@/lib/use-narrower';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/workflows/$workflowId')({
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(serverQueries.capabilities());
    await queryClient.ensureQueryData(workflowQueries.detail(params.workflowId));
  },
  pendingComponent: () => <PageSkeleton rows={3} label="Loading the workflow" />,
  component: WorkflowLayout,
});

function WorkflowLayout() {
  const { workflowId } = Route.useParams();
  const queryClient = useQueryClient();
  const created = useCreatedWorkflow(workflowId);
  const {
    data: workflow,
    refetch,
    isRefetching,
  } = useSuspenseQuery({
    ...workflowQueries.detail(workflowId),
    // Polls only while the workflow is (or may be) planning, slowing down as it waits.
    refetchInterval: (q) => {
      const state = planningState(q.state.data, created);
      return state === 'planning' || state === 'maybe-planning' ? planningPollDelay(q.state.dataUpdateCount) : false;
    },
  });
  usePageTitle(workflow.name);
  const state = planningState(workflow, created);
  const wasPlanning = state === 'planning';
  // On a phone the header stays a few lines, so each tab starts on the first screen.
  const compact = useNarrower('40rem');

  return (
    <div className="space-y-4 sm:space-y-6">
      <WorkflowHeader
        workflow={workflow}
        compact={compact}
        actions={<WorkflowActions workflow={workflow} compact={compact} />}
      />
      <PlanningNotice
        state={state}
        workflow={workflow}
        created={created}
        refreshing={isRefetching}
        onRefresh={() => {
          void refetch();
          refreshWorkflowList(queryClient);
        }}
      />
      <PlanningNotes notes={workflow.planning_notes} collapsed={compact} />
      <RouteTabs
        label="Workflow sections"
        tabs={[
          { label: 'Run', link: { to: '/workflows/$workflowId', params: { workflowId } }, exact: true },
          { label: 'Executions', link: { to: '/workflows/$workflowId/executions', params: { workflowId } } },
          { label: 'Schema', link: { to: '/workflows/$workflowId/schema', params: { workflowId } } },
          { label: 'Batch', link: { to: '/workflows/$workflowId/batch', params: { workflowId } } },
        ]}
      />
      <div key={wasPlanning ? 'planning' : 'ready'}>
        <Outlet />
      </div>
    </div>
  );
}
