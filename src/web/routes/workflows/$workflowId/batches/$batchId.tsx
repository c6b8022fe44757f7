import { createFileRoute, Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { PageSkeleton } from '@/components/ui/skeleton';
import { ExportsPanel } from '@/features/batches/exports/exports-panel';
import { BatchGrid } from '@/features/batches/grid/batch-grid';
import { BatchHeading } from '@/features/batches/progress/batch-heading';
import { ProgressCard } from '@/features/batches/progress/progress-card';
import { StoppedNotice } from '@/features/batches/progress/stop-control';
import { usePageTitle } from '@/lib/use-page-title';
import { useBatchPage } from './-use-batch-page';

export const Route = createFileRoute('/workflows/$workflowId/batches/$batchId')({
  component: BatchPage,
});

/** The batch page: progress by status, time, completions, sending, exports and every row. */
function BatchPage() {
  const { workflowId, batchId } = Route.useParams();
  usePageTitle('Batch');
  const { view, submitting, outcome, now, schema, offline, serverRead } = useBatchPage(workflowId, batchId);

  if (view.state === 'loading') return <PageSkeleton rows={3} label="Loading the batch" />;
  if (view.state === 'error')
    return (
      <Notice tone="danger" title="This batch’s saved progress cannot be read">
        {view.message}
      </Notice>
    );
  if (view.state === 'missing' && serverRead.state === 'waiting')
    return <PageSkeleton rows={3} label="Reading the batch from the server" />;
  if (view.state === 'missing' && serverRead.state === 'failed')
    return (
      <Notice tone="danger" title="This batch could not be read from the server">
        <p>{serverRead.message}</p>
        <Button size="sm" className="mt-2" onClick={serverRead.retry}>
          Try again
        </Button>
      </Notice>
    );
  if (view.state === 'missing')
    return (
      <EmptyState
        title="This batch is not in this browser"
        action={
          <Link
            to="/workflows/$workflowId/batch"
            params={{ workflowId }}
            className="text-indigo-700 hover:underline dark:text-indigo-300"
          >
            Back to batches
          </Link>
        }
      >
        {serverRead.state === 'absent'
          ? 'No one on this account has this batch: it may have been forgotten in the browser that sent it before it reached the server, or its workflow was deleted.'
          : 'On this server, batches are kept in the browser that sent them. It may have been forgotten, or sent from another browser.'}
      </EmptyState>
    );

  const { batch, rows } = view;
  return (
    <div className="space-y-6">
      <BatchHeading batch={batch} workflowId={workflowId} submitting={submitting} />

      {outcome?.kind === 'blocked' && outcome.chunk === -1 && <Notice tone="warning">{outcome.reason}</Notice>}
      {batch.stopped !== undefined && <StoppedNotice stop={batch.stopped} />}

      <ProgressCard batch={batch} rows={rows} now={now} offline={offline} />

      <Card>
        <CardHeader
          title="Results"
          description="The spreadsheet you uploaded, with status, errors and result files added."
        />
        <CardBody>
          <ExportsPanel batch={batch} rows={rows} />
        </CardBody>
      </Card>

      <Card>
        <CardHeader
          title="Rows"
          description="Your spreadsheet with each row’s status, error and results. Edit a failed row’s cells and re-run it here."
        />
        <CardBody>
          <BatchGrid batch={batch} rows={rows} schema={schema} workflowId={workflowId} />
        </CardBody>
      </Card>
    </div>
  );
}
