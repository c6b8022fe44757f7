import { createFileRoute } from '@tanstack/react-router';
import { BatchPage } from '@/features/batches/progress/batch-page';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/workflows/$workflowId/batches/$batchId')({
  component: BatchRoute,
});

function BatchRoute() {
  const { workflowId, batchId } = Route.useParams();
  usePageTitle('Batch');
  return <BatchPage workflowId={workflowId} batchId={batchId} />;
}
