import { Link } from '@tanstack/react-router';
import { isTerminalStatus, type ExecutionDetail } from '@contract/openapi-document';
import { Card, CardBody } from '@/components/ui/card';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { RelativeTime } from '@/components/ui/relative-time';
import type { RunInput } from '@/features/runs/run-annotations';
import { StatusBadge } from '@/features/runs/status-badge';
import { isOwnPage } from '@/lib/own-page';
import { RunActivity } from './run-activity';
import { ExecutionSteps } from './steps/execution-steps';

/**
 * The top of a run's page: its id, the batch row it came from, its status and when it was last
 * checked, who started, decided and cancelled it, what it went through, and the server's own link to it.
 */
export function RunSummary({
  workflowId,
  executionId,
  run: { execution, entry, checkedAt, sawApproval },
  rejected,
}: {
  workflowId: string;
  executionId: string;
  /** The run as its page reads it. */
  run: {
    execution: ExecutionDetail;
    entry: RunInput | null;
    /** Epoch ms of the last read, shown while the run goes on. */
    checkedAt: number;
    sawApproval: boolean;
  };
  rejected: boolean;
}) {
  return (
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
            <StatusBadge status={execution.status} rejected={rejected} />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              Started <RelativeTime iso={execution.created_at} />
              {!isTerminalStatus(execution.status) && (
                <>
                  {' '}
                  · checked <RelativeTime iso={new Date(checkedAt).toISOString()} />
                </>
              )}
            </p>
          </div>
        </div>
        <RunActivity workflowId={workflowId} executionId={executionId} status={execution.status} />
        <ExecutionSteps
          workflowId={workflowId}
          executionId={executionId}
          status={execution.status}
          sawApproval={sawApproval}
          rejected={rejected}
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
  );
}
