import { createFileRoute } from '@tanstack/react-router';
import { BatchTab } from '@/features/batches/upload/batch-tab';
import { loadWorkflow, useLoadedWorkflow } from './-workflow-page';

export const Route = createFileRoute('/workflows/$workflowId/batch')({
  loader: loadWorkflow,
  component: BatchRoute,
});

function BatchRoute() {
  const workflow = useLoadedWorkflow(Route.useParams().workflowId);
  return <BatchTab workflow={workflow} />;
}
