import { useInfiniteQuery, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ServerCapabilities } from '@/api/capabilities';
import { workflowQueries } from '@/server-state/workflows';
import {
  estimateTotal,
  feedQueries,
  mergeRuns,
  refreshFeed,
  RUNS_POLL_MS,
  seedFeedHead,
  type FeedKey,
  type FeedScope,
} from '@/server-state/runs';
import { annotationQueries, summarizeInput, type RunAnnotation } from './run-annotations';
import { hasTextOrRange, matchesFilter, rangeStart, statusesOf, type RunFilter, type RunRow } from './run-filter';

interface ScanProgress {
  /** Runs read so far. */
  scanned: number;
  /** About how many runs the list holds, where that can be estimated. */
  estimate?: number;
  /** Requests the pages read so far cost. */
  requests: number;
  /** The scan goes on by itself (not stopped, not at the end, not past the range). */
  running: boolean;
  /** Every page was read, or the range's start was passed. */
  complete: boolean;
}

export interface RunsFeed {
  rows: RunRow[];
  /** Every run read so far, before filtering. */
  all: RunRow[];
  /** Rows loaded before filtering. */
  loaded: number;
  /** The server applies the status filter itself. */
  serverFiltered: boolean;
  /** The browser filters the pages it reads, scanning on by itself. */
  scanning: boolean;
  progress: ScanProgress;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  stopScan: () => void;
  resumeScan: () => void;
  refresh: () => void;
  refreshing: boolean;
  /** When the newest runs were last read (epoch ms). */
  checkedAt: number;
  error: unknown;
}

/** Past this many workflows in one list, inputs are named by their keys, not by reading each workflow. */
const MAX_SCHEMA_READS = 10;
/** A workflow's fields rarely change; its schema is read again only after this long. */
const SCHEMA_STALE_MS = 5 * 60_000;

/**
 * What the server filters for this scope, per its contract document: the status, and on the
 * all-runs list the workflow, the starter and the batch. A workflow asked for where the server cannot
 * narrow to it is read from that workflow's own list, exact on any server.
 */
export function feedKeyFor(scope: FeedScope, filter: RunFilter, caps: ServerCapabilities): FeedKey {
  const workflowId = listedWorkflow(scope, filter, caps);
  const narrowed: FeedScope = workflowId !== null ? { kind: 'workflow', workflowId } : scope;
  const globalList = narrowed.kind === 'all' && caps.globalExecutions;
  const serverFilters = narrowed.kind === 'workflow' ? caps.executionStatusFilter : globalList;
  const key: FeedKey = { scope: narrowed, globalList, statuses: serverFilters ? statusesOf(filter.status) : undefined };
  if (!globalList) return key;
  const batchId = serverBatchId(filter);
  const narrowing = {
    ...(filter.workflow ? { workflowId: filter.workflow } : {}),
    ...(filter.startedBy && caps.startedByFilter ? { startedBy: filter.startedBy } : {}),
    ...(batchId && caps.batchFilter ? { batchId } : {}),
  };
  return Object.keys(narrowing).length > 0 ? { ...key, narrowing } : key;
}

/** The workflow whose own list the feed reads, or null when it reads across workflows. */
function listedWorkflow(scope: FeedScope, filter: RunFilter, caps: ServerCapabilities): string | null {
  if (scope.kind === 'workflow') return scope.workflowId;
  return filter.workflow && !(caps.globalExecutions && caps.workflowFilter) ? filter.workflow : null;
}

/**
 * The server's id for the filter's batch: its one chunk's where this browser sent it in one
 * request, the id itself where this browser does not know it; none where it took several requests.
 */
function serverBatchId(filter: RunFilter): string | undefined {
  if (!filter.batch) return undefined;
  if (!filter.batchServerIds) return filter.batch;
  return filter.batchServerIds.length === 1 ? filter.batchServerIds[0] : undefined;
}

/** Whether the browser must scan because the server does not apply part of the filter. */
function browserFilters(key: FeedKey, filter: RunFilter): boolean {
  if (!key.statuses && filter.status !== 'all') return true;
  if (filter.startedBy && !key.narrowing?.startedBy) return true;
  return !!filter.batch && !key.narrowing?.batchId;
}

/**
 * A live runs list: the pages read so far plus a first page re-read every poll interval, with what
 * this browser's journals know about each run, filtered. Where the server cannot filter, the pages
 * are scanned on (in the background share of the budget) until the list or the range ends.
 */
export function useRunsFeed(
  scope: FeedScope,
  filter: RunFilter,
  caps: ServerCapabilities,
  originAt?: string,
  /** Scan on by itself while the browser filters; off where a person asks for each further page. */
  autoScan = true,
): RunsFeed {
  const queryClient = useQueryClient();
  const key = feedKeyFor(scope, filter, caps);
  const feed = useInfiniteQuery(feedQueries.pages(key));
  const first = feed.data?.pages[0];
  // The first page just read seeds the live head; the cache tells its observers after this render,
  // so doing it here is safe.
  if (first) seedFeedHead(queryClient, key, first, feed.dataUpdatedAt);
  const head = useQuery({ ...feedQueries.head(key), enabled: !!first, staleTime: RUNS_POLL_MS });
  // A stop holds for the filter it was made under; a new filter scans afresh.
  const filterKey = [filter.status, filter.q, filter.range, filter.workflow, filter.startedBy, filter.batch].join('\n');
  const [stoppedFor, setStoppedFor] = useState<string | null>(null);
  const stopped = stoppedFor === filterKey;

  const pages = useMemo(() => feed.data?.pages.map((p) => p.items) ?? [], [feed.data]);
  const merged = useMemo(() => mergeRuns(head.data?.items, pages), [head.data, pages]);
  const oneWorkflow = listedWorkflow(scope, filter, caps);
  const workflowIds = useMemo(
    () => (oneWorkflow !== null ? [oneWorkflow] : [...new Set(merged.map((r) => r.workflow_id))]),
    [oneWorkflow, merged],
  );
  const annotations = useQueries({
    queries: workflowIds.map((id) => annotationQueries.forWorkflow(id)),
    combine: (results) => results.map((r) => r.data),
  });
  // The workflows' input schemas name each input's fields. A workflow's page has read its own; across
  // workflows each costs a request, so they are read only for a few, and not where the list itself
  // already costs a request per workflow (no cross-workflow list): there the cached ones serve.
  const readSchemas = oneWorkflow !== null || (caps.globalExecutions && workflowIds.length <= MAX_SCHEMA_READS);
  const schemas = useQueries({
    queries: workflowIds.map((id) => ({
      ...workflowQueries.detail(id),
      enabled: readSchemas,
      staleTime: SCHEMA_STALE_MS,
    })),
    combine: (results) => results.map((r) => r.data),
  });
  // "Now" is when the list was last read, so ranges and estimates follow the data, not each render.
  const now = Math.max(head.dataUpdatedAt, feed.dataUpdatedAt);
  const rows = useMemo(() => {
    const known = annotations.filter((a) => a !== undefined);
    const schemaOf = new Map(schemas.filter((w) => w !== undefined).map((w) => [w.id, w.input_schema]));
    const titled = (annotation: RunAnnotation, workflowId: string): RunAnnotation =>
      schemaOf.has(workflowId) && annotation.input !== undefined
        ? { ...annotation, inputSummary: summarizeInput(annotation.input, schemaOf.get(workflowId)) }
        : annotation;
    return merged
      .map((r) => {
        const annotation = known.find((a) => a.has(r.id))?.get(r.id);
        return annotation ? { ...r, annotation: titled(annotation, r.workflow_id) } : r;
      })
      .filter((r) => matchesFilter(r, filter, now));
  }, [merged, annotations, schemas, filter, now]);

  const scanning = browserFilters(key, filter) || hasTextOrRange(filter);
  const oldest = merged.at(-1)?.created_at;
  const start = rangeStart(filter.range, now);
  const pastRange = start !== null && oldest !== undefined && Date.parse(oldest) < start;
  const complete = !feed.hasNextPage || pastRange;
  const running = autoScan && scanning && !stopped && !complete && !feed.isError;

  useEffect(() => {
    if (running && !feed.isFetchingNextPage) void feed.fetchNextPage({ cancelRefetch: false });
  }, [running, feed.isFetchingNextPage, feed]);

  const requests = feed.data?.pages.reduce((n, p) => n + p.requests, 0) ?? 0;
  const origin = originAt ?? feed.data?.pages[0]?.originAt;
  return {
    rows,
    all: merged,
    loaded: merged.length,
    serverFiltered: !!key.statuses,
    scanning,
    progress: {
      scanned: merged.length,
      estimate: complete ? merged.length : estimateTotal(merged.length, oldest, origin, now),
      requests,
      running,
      complete,
    },
    hasMore: !!feed.hasNextPage && !pastRange,
    loadingMore: feed.isFetchingNextPage,
    loadMore: () => void feed.fetchNextPage({ cancelRefetch: false }),
    stopScan: () => setStoppedFor(filterKey),
    resumeScan: () => setStoppedFor(null),
    refresh: () => {
      setStoppedFor(null);
      refreshFeed(queryClient, key);
    },
    refreshing: feed.isRefetching || (feed.isFetching && !feed.isFetchingNextPage) || head.isFetching,
    checkedAt: now,
    error: feed.error ?? head.error,
  };
}
