import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlayIcon } from '../../../components/ui/icons';

export const Route = createFileRoute('/workflows/$workflowId/batch')({
  component: BatchTabEntry,
});

function BatchTabEntry() {
  const { workflowId } = Route.useParams();
  return (
    <EmptyState
      title="Batch runs are coming"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/workflows/$workflowId" params={{ workflowId }} className={buttonClasses('primary')}>
            <PlayIcon className="size-3.5" /> Run once instead
          </Link>
          <a href="/api/v1/openapi.json" className={buttonClasses('secondary')} target="_blank" rel="noopener noreferrer">
            Batch API reference
          </a>
        </div>
      }
    >
      Upload a spreadsheet to run this workflow once per row. Until then, the API’s POST /workflows/{'{id}'}/executions/batch accepts up to
      10,000 items in one request.
    </EmptyState>
  );
}
