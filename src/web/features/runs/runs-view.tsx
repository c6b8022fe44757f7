import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';
import { LoadMore } from '@/components/ui/load-more';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCapabilities } from '@/server-state/server';
import { useApiKeys } from '@/server-state/api-keys';
import { findQueries } from '@/server-state/find';
import { runQueries } from '@/server-state/runs';
import { sharedBatchQueries } from '@/server-state/batches';
import { formatDateTime } from '@/lib/format-time';
import { ExecutionList } from './execution-list';
import { roundEstimate, type FeedScope } from '@/server-state/runs';
import type { RunFilter, RunRow } from './run-filter';
import { FeedStart } from './feed-start';
import { RunsToolbar, statusFilterLabel, type RunsChoices } from './runs-toolbar';
import { useRunsFeed, type RunsFeed } from './use-runs-feed';

const count = (n: number) => n.toLocaleString('en');

/**
 * "11 matches so far, in the 2,000 newest of about 5,650 runs", while the browser filters what it
 * reads; "1 match in all 3 runs" once every page is read.
 */
export function scanLine(feed: Pick<RunsFeed, 'progress' | 'rows'>): string {
  const { scanned, estimate, complete } = feed.progress;
  const found = `${count(feed.rows.length)} ${feed.rows.length === 1 ? 'match' : 'matches'}`;
  if (complete) return `${found} in ${scanned === 1 ? 'the only run' : `all ${count(scanned)} runs`}`;
  const of = estimate ? ` of about ${count(roundEstimate(estimate))}` : '';
  return `${found} so far, in the ${count(scanned)} newest${of} runs`;
}

/**
 * A runs list with its filters: one workflow's runs, or every workflow's. `empty` is shown when
 * the scope has no runs at all.
 */
export function RunsView({
  scope,
  filter,
  onFilterChange,
  originAt,
  empty,
  below,
}: {
  scope: FeedScope;
  filter: RunFilter;
  onFilterChange: (next: Partial<RunFilter>) => void;
  /** No run is older than this (the workflow's creation): it bounds the scan's estimate. */
  originAt?: string;
  empty: ReactNode;
  /** Shown under the list, given the runs read so far (for the health panel's fallback figures). */
  below?: (runs: { all: RunRow[]; complete: boolean }) => ReactNode;
}) {
  const caps = useCapabilities();
  const { choices, batchServerIds } = useRunsChoices(scope, filter, caps.apiKeys, caps.sharedBatches);
  const narrowed = useMemo(() => ({ ...filter, batchServerIds }), [filter, batchServerIds]);
  const feed = useRunsFeed(scope, narrowed, caps, originAt);
  // A workflow read from its own list comes without names: the workflows filter knows them.
  const named = useMemo(() => {
    const names = new Map(choices?.workflows?.map((w) => [w.id, w.label]));
    return feed.rows.map((r) =>
      r.workflow_name || !names.has(r.workflow_id) ? r : { ...r, workflow_name: names.get(r.workflow_id) },
    );
  }, [feed.rows, choices]);
  const filtered =
    filter.status !== 'all' ||
    !!filter.q ||
    !!filter.range ||
    !!filter.workflow ||
    !!filter.startedBy ||
    !!filter.batch;

  return (
    <div className="space-y-4">
      <RunsToolbar
        filter={filter}
        onChange={onFilterChange}
        onRefresh={feed.refresh}
        refreshing={feed.refreshing}
        checkedAt={feed.checkedAt}
        choices={choices}
      />
      {feed.scanning && feed.loaded > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400"
        >
          <span>{scanLine(feed)}</span>
          {feed.progress.running ? (
            <Button size="sm" onClick={feed.stopScan}>
              Stop scanning
            </Button>
          ) : (
            !feed.progress.complete && (
              <Button size="sm" onClick={feed.resumeScan}>
                Scan on
              </Button>
            )
          )}
          {feed.progress.running && (
            <span className="sr-only">
              The server cannot apply these filters, so this browser reads every page and filters it.
            </span>
          )}
        </div>
      )}
      <FeedStart feed={feed} errorTitle="The runs could not be loaded" loadingLabel="Loading runs">
        {feed.rows.length > 0 ? (
          <>
            {!feed.scanning && (
              <p className="text-sm text-zinc-500 dark:text-zinc-400" aria-live="polite">
                {count(feed.rows.length)}
                {feed.hasMore ? '+' : ''} {feed.rows.length === 1 ? 'run' : 'runs'}
                {feed.serverFiltered && filter.status !== 'all' ? ` · ${statusFilterLabel(filter.status)}` : ''}
              </p>
            )}
            <ExecutionList rows={named} showWorkflow={scope.kind === 'all'} />
            {!feed.scanning && <LoadMore hasNextPage={feed.hasMore} busy={feed.loadingMore} onLoad={feed.loadMore} />}
          </>
        ) : filtered ? (
          <EmptyState icon={<InboxIcon className="size-6" />} title="No run matches these filters">
            {feed.progress.running ? 'Still scanning older runs…' : 'Try other filters or another search.'}
          </EmptyState>
        ) : (
          empty
        )}
      </FeedStart>
      {below?.({ all: feed.all, complete: feed.progress.complete && !filter.range })}
    </div>
  );
}

/** The batches this browser sent for a workflow, newest first (none where it keeps no journal). */
const batchesOf = (workflowId: string | undefined) =>
  runQueries.journalBatches(workflowId, async (id) => {
    const { getJournal } = await import('@/batch-engine/batch-journal');
    return getJournal()
      .list(id)
      .catch(() => []);
  });

/**
 * What the all-runs list offers to narrow to: every workflow, the account's keys where the server
 * lists them, and the chosen workflow's batches: this browser's (with the server's ids for the
 * chosen one's requests, where it gave them) and, where the server keeps batches, everyone's.
 */
function useRunsChoices(
  scope: FeedScope,
  filter: RunFilter,
  keysListed: boolean,
  batchesShared: boolean,
): { choices: RunsChoices | undefined; batchServerIds: readonly string[] | undefined } {
  const all = scope.kind === 'all';
  const workflows = useQuery({ ...findQueries.everyWorkflow(), enabled: all });
  const keys = useApiKeys(all && keysListed);
  const { data: batches } = useQuery(batchesOf(all ? filter.workflow : undefined));
  const { data: shared } = useInfiniteQuery(
    sharedBatchQueries.ofWorkflow(filter.workflow ?? '', all && batchesShared && !!filter.workflow),
  );
  const chosen = batches?.find((b) => b.id === filter.batch);
  const batchServerIds = useMemo(
    () =>
      chosen ? [...new Set(chosen.chunks.map((c) => c.serverBatchId).filter((id): id is string => !!id))] : undefined,
    [chosen],
  );
  const choices = useMemo((): RunsChoices | undefined => {
    if (!all) return undefined;
    return {
      workflows: (workflows.data ?? []).map((w) => ({ id: w.id, label: w.name })),
      keys:
        keysListed && keys.data
          ? keys.data.map((k) => ({ id: k.id, label: k.revoked_at ? `${k.name} (revoked)` : k.name }))
          : undefined,
      batches: filter.workflow
        ? batchChoices(batches ?? [], shared?.pages.flatMap((page) => page.data) ?? [])
        : undefined,
    };
  }, [all, workflows.data, keysListed, keys.data, filter.workflow, batches, shared]);
  return { choices, batchServerIds };
}

/**
 * This browser's batches and the server's, newest first, each once: a batch this browser sent to a
 * server that keeps batches is on both, under the same id.
 */
function batchChoices(
  own: readonly { id: string; fileName: string; createdAt: number }[],
  onServer: readonly { id: string; file_name: string; created_at: string; started_by?: { name: string } | null }[],
): { id: string; label: string }[] {
  const seen = new Set(own.map((b) => b.id));
  return [
    ...own.map((b) => ({
      at: b.createdAt,
      id: b.id,
      label: `${b.fileName} · ${formatDateTime(b.createdAt)}`,
    })),
    ...onServer
      .filter((b) => !seen.has(b.id))
      .map((b) => ({
        at: Date.parse(b.created_at),
        id: b.id,
        label: `${b.file_name} · ${formatDateTime(b.created_at)}${b.started_by ? ` · ${b.started_by.name}` : ''}`,
      })),
  ]
    .sort((a, b) => b.at - a.at)
    .map(({ id, label }) => ({ id, label }));
}
