import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/input';
import { RelativeTime } from '@/components/ui/relative-time';
import { runQueries } from '@/server-state/runs';
import { MarkdownPreview } from '@/features/results/previews/markdown-preview';
import { actorName } from '@/features/runs/actor-name';
import type { RunRow } from '@/features/runs/run-filter';
import type { PendingDecision } from './pending-decisions';
import { Countdown, DecisionComment } from './decision-parts';
import type { ApprovalsInboxState } from './use-approvals-inbox';

/** The files made so far, read from the execution's detail (the local service keeps the draft there). */
function Draft({ row, autoLoad }: { row: RunRow; autoLoad: boolean }) {
  const detail = useQuery({
    ...runQueries.detail(row.workflow_id, row.id),
    enabled: autoLoad,
    // One read is enough: the inbox's list notices when the run stops waiting.
    refetchInterval: false,
    staleTime: 60_000,
  });
  if (!detail.data && !detail.isFetching) {
    return (
      <Button size="sm" onClick={() => void detail.refetch()}>
        Show draft
      </Button>
    );
  }
  if (!detail.data) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading the draft…</p>;
  const files = detail.data.results ?? [];
  if (files.length === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">The server shows no draft for this run.</p>;
  return (
    <div className="space-y-2">
      {files.map((f) => (
        <div key={f.filename}>
          <p className="mb-1 font-mono text-xs text-zinc-600 dark:text-zinc-400">{f.filename}</p>
          {f.content !== undefined && /\.(md|markdown)$/i.test(f.filename) ? (
            <div
              tabIndex={0}
              role="region"
              aria-label={`Draft ${f.filename}`}
              className="max-h-80 overflow-auto rounded-md bg-zinc-50 p-3 ring-1 ring-zinc-200 dark:bg-zinc-950 dark:ring-zinc-800"
            >
              <MarkdownPreview text={f.content} />
            </div>
          ) : f.content !== undefined ? (
            <pre
              tabIndex={0}
              aria-label={`Draft ${f.filename}`}
              className="max-h-64 overflow-auto rounded-md bg-zinc-50 p-3 font-sans text-sm whitespace-pre-wrap text-zinc-800 ring-1 ring-zinc-200 dark:bg-zinc-950 dark:text-zinc-200 dark:ring-zinc-800"
            >
              {f.content}
            </pre>
          ) : (
            <a
              href={f.url}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm text-indigo-600 underline dark:text-indigo-400"
            >
              Open {f.filename}
            </a>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * One run waiting for a person: what it made so far, and approve or reject with a few seconds to
 * undo. Reject first asks for an optional comment, as the run's own page does, since the run will
 * read "Rejected by …: <comment>".
 */
export function ApprovalCard({ row, inbox }: { row: RunRow; inbox: ApprovalsInboxState }) {
  const id = useId();
  // The draft loads by itself only where the run can be decided here.
  const canDecide = inbox.caps.approval;
  const pending = inbox.pending.get(row.id);
  const sending = inbox.isSending(row.id);
  const name = row.workflow_name ?? `Workflow ${row.workflow_id.slice(0, 8)}`;
  return (
    <li
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start gap-3">
        {canDecide && (
          <Checkbox
            id={`${id}-select`}
            label={<span className="sr-only">Select {name}</span>}
            checked={inbox.isSelected(row.id)}
            disabled={!!pending || sending}
            onChange={(e) => inbox.select(row.id, e.target.checked)}
          />
        )}
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-title`} className="truncate font-medium text-zinc-900 dark:text-white">
            {name}
          </h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            <Link
              to="/workflows/$workflowId/executions/$executionId"
              params={{ workflowId: row.workflow_id, executionId: row.id }}
              className="font-mono hover:underline"
            >
              {row.id.slice(0, 8)}
            </Link>{' '}
            · waiting since <RelativeTime iso={row.created_at} />
            {row.started_by && <> · started by {actorName(row.started_by)}</>}
            {row.annotation?.inputSummary && <> · {row.annotation.inputSummary}</>}
          </p>
        </div>
      </div>
      <Draft row={row} autoLoad={canDecide} />
      {canDecide ? (
        <CardDecision
          id={id}
          pending={pending}
          onDecide={(approved, comment) => inbox.decideOne(row, approved, comment)}
          onUndo={() => inbox.undo(row.id)}
          sending={sending}
        />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This server offers no way to approve from the dashboard; open the run for its server link.
        </p>
      )}
    </li>
  );
}

/** Approve, or Reject… then a comment and Reject; once decided, the countdown and Undo. */
function CardDecision({
  id,
  pending,
  onDecide,
  onUndo,
  sending,
}: {
  id: string;
  pending: PendingDecision | undefined;
  onDecide: (approved: boolean, comment?: string) => void;
  onUndo: () => void;
  sending: boolean;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  if (pending)
    return (
      <div role="status" className="flex flex-wrap items-center gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <Countdown decision={pending} />
        <Button size="sm" onClick={onUndo}>
          Undo
        </Button>
      </div>
    );
  if (rejecting)
    return (
      <div className="space-y-2">
        <DecisionComment
          id={`${id}-comment`}
          value={comment}
          onChange={setComment}
          disabled={sending}
          autoFocus
          labelClassName="text-zinc-800 dark:text-zinc-200"
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="danger"
            size="sm"
            disabled={sending}
            onClick={() => {
              setRejecting(false);
              onDecide(false, comment);
            }}
          >
            Reject
          </Button>
          <Button size="sm" disabled={sending} onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </div>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="primary" size="sm" busy={sending} disabled={sending} onClick={() => onDecide(true)}>
        Approve
      </Button>
      <Button variant="danger" size="sm" disabled={sending} onClick={() => setRejecting(true)}>
        Reject…
      </Button>
    </div>
  );
}
