import { createFileRoute, Link } from '@tanstack/react-router';
import type { ExecutionDetail, ResultFile } from '@contract/openapi-document';
import { Card, CardBody } from '@/components/ui/card';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageSkeleton } from '@/components/ui/skeleton';
import { serverQueries } from '@/server-state/server';
import { ApprovalPanel } from '@/features/approvals/approval-panel';
import { ResultList } from '@/features/results/result-list';
import { InputPanel } from '@/features/run/input-panel';
import { RunOutcome } from '@/features/run/run-outcome';
import { RunSummary } from '@/features/run/run-summary';
import { runQueries } from '@/server-state/runs';
import { usePageTitle } from '@/lib/use-page-title';
import { useRunPage } from './-use-run-page';

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

function ExecutionPage() {
  const { workflowId, executionId } = Route.useParams();
  const run = useRunPage(workflowId, executionId);
  const { execution, rejection } = run;
  usePageTitle(`Run ${executionId.slice(0, 8)}`);

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
      <RunSummary workflowId={workflowId} executionId={executionId} run={run} rejected={!!rejection} />
      {execution.status === 'human_in_the_loop' && <ApprovalPanel execution={execution} />}
      <RunOutcome
        status={execution.status}
        rejection={rejection}
        failure={run.failure}
        keptFiles={run.keptFiles.length}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="min-w-0">
          <RunFiles
            execution={execution}
            checkedAt={run.checkedAt}
            refreshFiles={run.refreshFiles}
            archiveName={run.archiveName}
          />
        </div>
        <div className="min-w-0">
          <InputPanel
            entry={run.entry}
            workflowId={workflowId}
            schema={run.schema}
            failed={execution.status === 'error' && !rejection}
          />
        </div>
      </div>
    </div>
  );
}

/** The run's result files, or where they will appear while it goes on. */
function RunFiles({
  execution,
  checkedAt,
  refreshFiles,
  archiveName,
}: {
  execution: ExecutionDetail;
  checkedAt: number;
  refreshFiles: () => Promise<ResultFile[]>;
  archiveName: string;
}) {
  if (execution.results)
    return (
      <ResultList
        files={execution.results}
        runStatus={execution.status}
        fetchedAt={checkedAt}
        refreshFiles={refreshFiles}
        archiveName={archiveName}
      />
    );
  return (
    <Card>
      <CardBody className="py-10 text-center text-sm text-zinc-600 dark:text-zinc-400">
        {execution.status === 'human_in_the_loop'
          ? 'Results appear after approval, when the run finishes.'
          : 'Results appear here when the run finishes.'}
      </CardBody>
    </Card>
  );
}
