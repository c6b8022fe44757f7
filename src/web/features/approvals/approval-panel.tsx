import { useId, useState } from 'react';
import type { ExecutionDetail } from '@contract/openapi-document';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { ExternalLinkIcon, HandIcon } from '@/components/ui/icons';
import { isOwnPage } from '@/lib/own-page';
import { useCapabilities } from '@/server-state/server';
import { usePendingDecisions } from './pending-decisions';
import { Countdown, DecisionComment } from './decision-parts';
import { useDecideApproval } from './use-decide-approval';

const DECISIONS = [
  { label: 'Approve', variant: 'primary', approved: true },
  { label: 'Reject', variant: 'danger', approved: false },
] as const;

/** Approve or reject when the server offers the approval extension; otherwise, where to do it. */
export function ApprovalPanel({ execution }: { execution: ExecutionDetail }) {
  const id = useId();
  const capabilities = useCapabilities();
  const [comment, setComment] = useState('');
  const decide = useDecideApproval();
  // Held for a few seconds first, as in the approvals inbox, so a slip can be undone.
  const { pending, decide: queue, undo } = usePendingDecisions((d) => decide.mutate(d));
  const queued = pending.get(execution.id);
  const decideWith = (approved: boolean) =>
    queue([{ workflowId: execution.workflow_id, executionId: execution.id, comment }], approved);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 sm:p-5 dark:border-amber-500/40 dark:bg-amber-500/10"
    >
      <div className="flex items-start gap-3">
        <HandIcon className="mt-0.5 size-5 text-amber-700 dark:text-amber-300" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 id={`${id}-title`} className="font-semibold text-amber-950 dark:text-amber-100">
              Waiting for approval
            </h2>
            <p className="mt-0.5 text-sm text-amber-900 dark:text-amber-200">
              A person must approve this run before it continues. Rejecting it stops the run here.
            </p>
          </div>
          {capabilities.approval ? (
            <>
              <DecisionComment
                id={`${id}-comment`}
                value={comment}
                onChange={setComment}
                disabled={!!queued || decide.isPending}
                labelClassName="text-amber-950 dark:text-amber-100"
              />
              {queued ? (
                <div
                  role="status"
                  className="flex flex-wrap items-center gap-3 text-sm text-amber-950 dark:text-amber-100"
                >
                  <Countdown decision={queued} />
                  <Button size="sm" onClick={() => undo(execution.id)}>
                    Undo
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2">
                  {DECISIONS.map(({ label, variant, approved }) => (
                    <Button
                      key={label}
                      variant={variant}
                      onClick={() => decideWith(approved)}
                      busy={decide.isPending && decide.variables?.approved === approved}
                      disabled={decide.isPending}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              )}
              {decide.error && (
                <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                  {isApiError(decide.error) ? decide.error.message : 'The decision was not recorded.'}
                </p>
              )}
            </>
          ) : execution.url && !isOwnPage(execution.url, location) ? (
            <a
              href={execution.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-amber-950 underline underline-offset-2 dark:text-amber-100"
            >
              Approve or reject it on the server <ExternalLinkIcon className="size-3.5" />
            </a>
          ) : (
            <p className="text-sm text-amber-900 dark:text-amber-200">
              This server offers no way to approve from the dashboard; use the service’s own tools.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
