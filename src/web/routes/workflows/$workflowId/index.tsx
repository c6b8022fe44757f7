import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Card, CardBody } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { PageSkeleton } from '@/components/ui/skeleton';
import { serverQueries, useCapabilities } from '@/server-state/server';
import { annotationQueries } from '@/features/runs/run-annotations';
import { RunPanel } from '@/features/run/run-panel';
import { planningState, workflowQueries } from '@/server-state/workflows';
import { validateRunSearch } from '@/lib/search-params';

export const Route = createFileRoute('/workflows/$workflowId/')({
  validateSearch: validateRunSearch,
  loaderDeps: ({ search: { from } }) => ({ from }),
  loader: async ({ context: { queryClient }, params, deps: { from } }) => {
    await Promise.all([
      queryClient.ensureQueryData(workflowQueries.detail(params.workflowId)).then(async (workflow) => {
        // The form's code comes with the page (and with a hover on a link to it), not after it.
        // A chunk that fails to load is the form's own error to show, not the page's.
        if (workflow.input_schema === null) return;
        await import('@/features/run/run-panel').then((panel) => panel.preloadSchemaForm()).catch(() => undefined);
      }),
      from
        ? queryClient.ensureQueryData(serverQueries.capabilities()).then(async (caps) => {
            // The journals' reader loads with the page, not with the first page of the dashboard.
            const annotations = await import('@/features/runs/run-annotations');
            return queryClient.ensureQueryData(
              annotations.annotationQueries.input(params.workflowId, from, caps.executionInput),
            );
          })
        : null,
    ]);
  },
  pendingComponent: () => <PageSkeleton rows={3} label="Loading the run form" />,
  component: RunTab,
});

function RunTab() {
  const { workflowId } = Route.useParams();
  const { from } = Route.useSearch();
  const { data: workflow } = useSuspenseQuery(workflowQueries.detail(workflowId));
  const { executionInput } = useCapabilities();
  const { data: previous } = useQuery({
    ...annotationQueries.input(workflowId, from ?? '', executionInput),
    enabled: !!from,
  });
  const state = planningState(workflow, undefined);

  if (state === 'planning') {
    return (
      <Card>
        <CardBody className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
          The run form appears here as soon as planning finishes.
        </CardBody>
      </Card>
    );
  }
  if (state === 'failed') {
    return (
      <Card>
        <CardBody className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
          This workflow cannot run because planning failed.{' '}
          <Link to="/workflows/new" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Create a new one
          </Link>
          .
        </CardBody>
      </Card>
    );
  }
  const prefill = from && previous && previous.workflowId === workflowId ? previous.input : undefined;
  return (
    <div className="space-y-4">
      {from && prefill !== undefined && (
        <Notice tone="info" title="Pre-filled from an earlier run">
          Edit the values and run again; the earlier run is unchanged.
        </Notice>
      )}
      {from && previous === null && (
        <Notice tone="warning" title="That run’s input is not known here">
          Inputs are remembered only in the browser that started the run. Fill in the form below.
        </Notice>
      )}
      <RunPanel key={from ?? 'fresh'} workflow={workflow} initialInput={prefill} />
    </div>
  );
}
