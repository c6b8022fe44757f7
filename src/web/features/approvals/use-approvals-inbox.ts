import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@/api/errors';
import { shareWaitingCount } from '@/server-state/approvals';
import { useCapabilities } from '@/server-state/server';
import { useRunsFeed } from '@/features/runs/use-runs-feed';
import { usePendingDecisions, type PendingDecision } from './pending-decisions';
import { useDecideApproval } from './use-decide-approval';
import { WAITING } from './waiting-filter';

const without = (set: ReadonlySet<string>, id: string) => {
  const next = new Set(set);
  next.delete(id);
  return next;
};

/**
 * The inbox's state: the waiting runs read through the runs feed, the decisions held for their undo
 * window and those sent, the runs selected for a bulk decision, and the decisions the server refused.
 */
export function useApprovalsInbox() {
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
            setDecided((prev) => without(prev, d.executionId));
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
  const allChosen = chosen.length === rows.length;

  return {
    caps,
    feed,
    rows,
    chosen,
    allChosen,
    failures,
    pending,
    undo,
    isSending: (id: string) => decided.has(id),
    isSelected: (id: string) => selected.has(id),
    select: (id: string, on: boolean) => setSelected((prev) => (on ? new Set(prev).add(id) : without(prev, id))),
    toggleAll: () => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id))),
    approveChosen: () => {
      decide(
        chosen.map((r) => ({ workflowId: r.workflow_id, executionId: r.id })),
        true,
      );
      setSelected(new Set());
    },
    decideOne: (row: { workflow_id: string; id: string }, approved: boolean, comment?: string) =>
      decide([{ workflowId: row.workflow_id, executionId: row.id, comment }], approved),
  };
}

export type ApprovalsInboxState = ReturnType<typeof useApprovalsInbox>;
