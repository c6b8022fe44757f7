import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@/api/errors';
import { shareWaitingCount } from '@/api/approvals';
import { useCapabilities } from '@/api/server';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CheckCircleIcon, RefreshIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { RelativeTime } from '@/components/ui/relative-time';
import { useDecideApproval } from './use-decide-approval';
import { FeedStart } from '@/features/runs/feed-start';
import { useRunsFeed } from '@/features/runs/use-runs-feed';
import { ApprovalCard } from './approval-card';
import { WAITING } from './waiting-filter';
import { usePendingDecisions, UNDO_SECONDS, type PendingDecision } from './pending-decisions';

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** Every run waiting for a person, across workflows, with drafts and (bulk) approve or reject. */
export function ApprovalsInbox() {
  const caps = useCapabilities();
  const queryClient = useQueryClient();
  // Where the server cannot list by status across workflows, each workflow's newest page is read
  // and further pages only on request: an inbox rarely holds runs older than that.
  const feed = useRunsFeed({ kind: 'all' }, WAITING, caps, undefined, false);
  const decideApproval = useDecideApproval();
  const [decided, setDecided] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<string[]>([]);

  const send = useCallback(
    (d: PendingDecision) => {
      setDecided((prev) => new Set(prev).add(d.executionId));
      decideApproval.mutate(
        { workflowId: d.workflowId, executionId: d.executionId, approved: d.approved, comment: d.comment },
        {
          onError: (error) => {
            setDecided((prev) => {
              const next = new Set(prev);
              next.delete(d.executionId);
              return next;
            });
            setFailures((prev) => [
              ...prev,
              `${d.executionId.slice(0, 8)}: ${isApiError(error) ? error.message : 'the decision was not recorded'}`,
            ]);
          },
        },
      );
    },
    [decideApproval],
  );
  const { pending, decide, undo } = usePendingDecisions(send);

  // The header's count takes what the inbox just read from the same list, so the two never disagree.
  const waitingRead = feed.all.filter((r) => r.status === 'human_in_the_loop').length;
  useEffect(() => {
    if (!feed.serverFiltered || feed.checkedAt === 0 || feed.error) return;
    shareWaitingCount(queryClient, { count: waitingRead, more: feed.hasMore });
  }, [queryClient, feed.serverFiltered, feed.checkedAt, feed.error, feed.hasMore, waitingRead]);

  const rows = feed.rows.filter((r) => !decided.has(r.id));
  const chosen = rows.filter((r) => selected.has(r.id) && !pending.has(r.id));
  const scanned = feed.serverFiltered
    ? 'from the server’s list of waiting runs'
    : `from the newest runs of every workflow (${plural(feed.progress.scanned, 'run')} read, ${plural(feed.progress.requests, 'request')})`;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-600 dark:text-zinc-400">
        <p role="status" className="min-w-0 flex-1">
          {plural(rows.length, 'run')} waiting, {scanned}
          {feed.checkedAt > 0 && (
            <>
              {' '}
              · checked <RelativeTime key={feed.checkedAt} iso={new Date(feed.checkedAt).toISOString()} />
            </>
          )}
        </p>
        <Button size="sm" onClick={feed.refresh} busy={feed.refreshing} aria-label="Refresh approvals">
          <RefreshIcon /> <span className="hidden sm:inline">Refresh</span>
        </Button>
      </div>
      {failures.length > 0 && (
        <Notice tone="danger" role="alert" title="Some decisions were not recorded">
          {failures.join('; ')}
        </Notice>
      )}
      {caps.approval && rows.length > 1 && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={() => setSelected(chosen.length === rows.length ? new Set() : new Set(rows.map((r) => r.id)))}
          >
            {chosen.length === rows.length ? 'Clear selection' : 'Select all'}
          </Button>
          <Button
            size="sm"
            variant="primary"
            disabled={chosen.length === 0}
            onClick={() => {
              decide(
                chosen.map((r) => ({ workflowId: r.workflow_id, executionId: r.id })),
                true,
              );
              setSelected(new Set());
            }}
          >
            Approve selected ({chosen.length})
          </Button>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            Each decision waits {UNDO_SECONDS} s before it is sent, so it can be undone.
          </span>
        </div>
      )}
      <FeedStart
        feed={feed}
        errorTitle="The waiting runs could not be loaded"
        loadingLabel="Looking for runs waiting for approval"
      >
        {rows.length === 0 ? (
          <EmptyState icon={<CheckCircleIcon className="size-6" />} title="Nothing waits for approval">
            Runs that stop for a person’s decision appear here, from every workflow.
          </EmptyState>
        ) : (
          <ul aria-label="Runs waiting for approval" className="space-y-3">
            {rows.map((row) => (
              <ApprovalCard
                key={row.id}
                row={row}
                canDecide={caps.approval}
                autoLoadDraft={caps.approval}
                selected={selected.has(row.id)}
                onSelect={(on) =>
                  setSelected((prev) => {
                    const next = new Set(prev);
                    if (on) next.add(row.id);
                    else next.delete(row.id);
                    return next;
                  })
                }
                pending={pending.get(row.id)}
                onDecide={(approved, comment) =>
                  decide([{ workflowId: row.workflow_id, executionId: row.id, comment }], approved)
                }
                onUndo={() => undo(row.id)}
                sending={decided.has(row.id)}
              />
            ))}
          </ul>
        )}
      </FeedStart>
      {feed.hasMore && (
        <div className="flex justify-center">
          <Button onClick={feed.loadMore} busy={feed.loadingMore}>
            Look further back
          </Button>
        </div>
      )}
    </div>
  );
}
