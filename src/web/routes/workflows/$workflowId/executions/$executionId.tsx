import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { isTerminalStatus, type ExecutionDetail } from '@contract/openapi-document';
import { Card, CardBody } from '@/components/ui/card';
import { ArrowLeftIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { RelativeTime } from '@/components/ui/relative-time';
import { PageSkeleton } from '@/components/ui/skeleton';
import { serverQueries, useCapabilities } from '@/api/server';
import { ApprovalPanel } from '@/features/approvals/approval-panel';
import { StatusBadge } from '@/features/runs/status-badge';
import { ExecutionSteps } from '@/features/run/steps/execution-steps';
import { rejectionOf, rejectionSentence } from '@/features/runs/rejections';
import { ResultList } from '@/features/results/result-list';
import { InputPanel } from '@/features/run/input-panel';
import { annotationQueries } from '@/features/runs/run-annotations';
import { readRunNow, runQueries } from '@/api/runs';
import { cachedWorkflow, workflowQueries } from '@/api/workflows';
import { isOwnPage } from '@/lib/own-page';
import { runArchiveName } from '@/lib/save-file';
import { usePageTitle } from '@/lib/use-page-title';

export const Route = createFileRoute('/workflows/$workflowId/executions/$executionId')({
  loader: async ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(serverQueries.capabilities());
    await Promise.all([
      queryClient.ensureQueryData(runQueries.detail(params.workflowId, params.executionId)),
      queryClient.ensureQueryData(serverQueries.capabilities()).then(async (caps) => {
        // The journals' reader loads with the page, not with the first page of the dashboard.
        const annotations = await import('@/features/runs/run-annotations');
        return queryClient.ensureQueryData(
          annotations.annotationQueries.input(params.workflowId, params.executionId, caps.executionInput),
        );
      }),
    ]);
  },
  pendingComponent: () => <PageSkeleton rows={3} label="Loading the execution" />,
  component: ExecutionPage,
});

/** The error file an errored execution carries (error.txt on the local service). */
const errorFile = (execution: ExecutionDetail) =>
  execution.status === 'error' ? execution.results?.find((f) => /error/i.test(f.filename)) : undefined;

function ExecutionPage() {
  const { workflowId, executionId } = Route.useParams();
  const queryClient = useQueryClient();
  const query = useSuspenseQuery(runQueries.detail(workflowId, executionId));
  const { executionInput } = useCapabilities();
  const { data: entry } = useSuspenseQuery(annotationQueries.input(workflowId, executionId, executionInput));
  const execution = query.data;
  // The workflow's page around this one has read it: its input schema titles the input's fields.
  const { data: workflow } = useQuery(workflowQueries.detail(workflowId));
  const sawApproval = useRef(false);
  if (execution.status === 'human_in_the_loop') sawApproval.current = true;
  usePageTitle(`Run ${executionId.slice(0, 8)}`);
  const failure = errorFile(execution)?.content?.trim() || null;
  const rejection = rejectionOf(execution, failure);
  // What the run made before it was rejected (the draft the reviewer read), where the server keeps it.
  const keptFiles = rejection ? (execution.results ?? []).filter((f) => f !== errorFile(execution)) : [];
  const running = !isTerminalStatus(execution.status);

  const refreshFiles = async () => {
    const fresh = await readRunNow(queryClient, workflowId, executionId);
    return fresh.results ?? [];
  };

  return (
    <div className="space-y-6">
      <div>
        <Link
          to="/workflows/$workflowId/executions"
          params={{ workflowId }}
          className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          <ArrowLeftIcon /> All runs
        </Link>
      </div>
      <Card>
        <CardBody className="space-y-5 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-zinc-900 dark:text-white">Run</h2>
              <p className="mt-0.5 font-mono text-xs break-all text-zinc-500 select-all dark:text-zinc-400">
                {execution.id}
              </p>
              {entry?.batch && (
                <Link
                  to="/workflows/$workflowId/batches/$batchId"
                  params={{ workflowId, batchId: entry.batch.batchId }}
                  className="mt-1 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  Row {entry.batch.row} of {entry.batch.fileName}
                </Link>
              )}
            </div>
            <div className="flex flex-col items-end gap-1" aria-live="polite">
              <StatusBadge status={execution.status} rejected={!!rejection} />
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Started <RelativeTime iso={execution.created_at} />
                {running && (
                  <>
                    {' '}
                    · checked <RelativeTime iso={new Date(query.dataUpdatedAt).toISOString()} />
                  </>
                )}
              </p>
            </div>
          </div>
          <ExecutionSteps
            workflowId={workflowId}
            executionId={executionId}
            status={execution.status}
            sawApproval={sawApproval.current}
            rejected={!!rejection}
          />
          {execution.url && !isOwnPage(execution.url, location) && (
            <a
              href={execution.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-xs text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200"
            >
              Server link <ExternalLinkIcon className="size-3" />
            </a>
          )}
        </CardBody>
      </Card>

      {execution.status === 'human_in_the_loop' && <ApprovalPanel execution={execution} />}
      {rejection ? (
        <Notice tone="info" role="status" title={rejectionSentence(rejection)}>
          {keptFiles.length > 0
            ? 'The run stopped at the review. What it had made is kept below.'
            : 'The run stopped at the review; nothing failed.'}
        </Notice>
      ) : (
        execution.status === 'error' && (
          <Notice tone="danger" role="alert" title="This run failed">
            {failure ?? 'The server reported an error. See the files below for details.'}
          </Notice>
        )
      )}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="min-w-0">
          {execution.results ? (
            <ResultList
              files={execution.results}
              runStatus={execution.status}
              fetchedAt={query.dataUpdatedAt}
              refreshFiles={refreshFiles}
              archiveName={runArchiveName(
                { id: execution.id, createdAt: execution.created_at },
                cachedWorkflow(queryClient, workflowId)?.name,
              )}
            />
          ) : (
            <Card>
              <CardBody className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
                {execution.status === 'human_in_the_loop'
                  ? 'Results appear after approval, when the run finishes.'
                  : 'Results appear here when the run finishes.'}
              </CardBody>
            </Card>
          )}
        </div>
        <div className="min-w-0">
          <InputPanel
            entry={entry}
            workflowId={workflowId}
            schema={workflow?.input_schema}
            failed={execution.status === 'error' && !rejection}
          />
        </div>
      </div>
    </div>
  );
}
