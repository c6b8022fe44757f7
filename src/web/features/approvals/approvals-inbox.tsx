import { plural } from '@/lib/plural';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CheckCircleIcon, RefreshIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { RelativeTime } from '@/components/ui/relative-time';
import { FeedStart } from '@/features/runs/feed-start';
import { ApprovalCard } from './approval-card';
import { UNDO_SECONDS } from './pending-decisions';
import { useApprovalsInbox, type ApprovalsInboxState } from './use-approvals-inbox';

/** Every run waiting for a person, across workflows, with drafts and (bulk) approve or reject. */
export function ApprovalsInbox() {
  const inbox = useApprovalsInbox();
  const { caps, feed, rows } = inbox;
  return (
    <div className="space-y-4">
      <InboxStatus inbox={inbox} />
      {inbox.failures.length > 0 && (
        <Notice tone="danger" role="alert" title="Some decisions were not recorded">
          {inbox.failures.join('; ')}
        </Notice>
      )}
      {caps.approval && rows.length > 1 && <BulkDecision inbox={inbox} />}
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
              <ApprovalCard key={row.id} row={row} inbox={inbox} />
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

/** How many runs wait, where they were read from and when, with a refresh. */
function InboxStatus({ inbox: { feed, rows } }: { inbox: ApprovalsInboxState }) {
  const scanned = feed.serverFiltered
    ? 'from the server’s list of waiting runs'
    : `from the newest runs of every workflow (${plural(feed.progress.scanned, 'run')} read, ${plural(feed.progress.requests, 'request')})`;
  return (
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
  );
}

/** Select all (or clear) and approve the selected runs at once, each with its own undo window. */
function BulkDecision({ inbox }: { inbox: ApprovalsInboxState }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={inbox.toggleAll}>
        {inbox.allChosen ? 'Clear selection' : 'Select all'}
      </Button>
      <Button size="sm" variant="primary" disabled={inbox.chosen.length === 0} onClick={inbox.approveChosen}>
        Approve selected ({inbox.chosen.length})
      </Button>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">
        Each decision waits {UNDO_SECONDS} s before it is sent, so it can be undone.
      </span>
    </div>
  );
}
