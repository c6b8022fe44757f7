import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BatchTab } from '@/features/batches/upload/batch-tab';
import { workflowQueries } from '@/features/workflows/workflow-queries';

export const Route = createFileRoute('/workflows/$workflowId/batch')({
  loader: ({ context: { queryClient }, params }) =>
    queryClient.ensureQueryData(workflowQueries.detail(params.workflowId)),
  component: BatchRoute,
});

function BatchRoute() {
  const { workflowId } = Route.useParams();
  const { data: workflow } = useSuspenseQuery(workflowQueries.detail(workflowId));
  return <BatchTab workflow={workflow} />;
}
