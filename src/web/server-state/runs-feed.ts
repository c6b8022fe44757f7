import type { ExecutionStatus, ListPage, WorkflowListItem } from '@contract/openapi-document';
import type { ApiClient, ListedExecution } from '@/api/client';
import type { Priority } from '@/api/scheduler';

/** A run as the runs lists read it: the server's item, named by its workflow where the list mixes workflows. */
export type FeedRow = ListedExecution & { workflow_name?: string };

/** Which runs a list shows: one workflow's, or every workflow's. */
export type FeedScope = { kind: 'workflow'; workflowId: string } | { kind: 'all' };

/**
 * Where the next page starts. `single` follows one server cursor (a workflow's list, or the
 * cross-workflow extension); `merged` reads every workflow's own list and merges them, on servers
 * without the extension: each workflow's cursor, null once its list is exhausted.
 */
export type FeedCursor =
  | { kind: 'single'; cursor: string | null }
  | { kind: 'merged'; workflows: { id: string; name: string; cursor: string | null }[] | null };

export interface FeedPage {
  items: FeedRow[];
  next: FeedCursor | undefined;
  /** Requests this page cost, for the "how much did the scan spend" line. */
  requests: number;
  /** The oldest workflow's created_at seen: no run can be older, which bounds the estimate. */
  originAt?: string;
}

/** What GET /executions narrows to for the "all" scope, each only where the server declares the filter. */
export interface FeedNarrowing {
  workflowId?: string;
  startedBy?: string;
  batchId?: string;
}

/** What a page read needs; the client is passed in so tests can give a fake one. */
export interface FeedRequest {
  client: Pick<ApiClient, 'listExecutions' | 'listAccountExecutions' | 'listWorkflows'>;
  scope: FeedScope;
  /** Sent to the server only where it declares the filter. */
  statuses?: readonly ExecutionStatus[];
  narrowing?: FeedNarrowing;
  /** Use GET /executions for the "all" scope. */
  globalList: boolean;
  limit: number;
  priority: Priority;
  signal?: AbortSignal;
}

/** How many frontier workflows a merged page reads at once. */
const MERGE_FANOUT = 4;

export const firstCursor = (request: Pick<FeedRequest, 'scope' | 'globalList'>): FeedCursor =>
  request.scope.kind === 'all' && !request.globalList
    ? { kind: 'merged', workflows: null }
    : { kind: 'single', cursor: null };

/** Every workflow of the account, following cursors (100 per request). */
export async function listAllWorkflows(
  client: Pick<ApiClient, 'listWorkflows'>,
  priority: Priority,
  signal?: AbortSignal,
): Promise<{ workflows: WorkflowListItem[]; requests: number }> {
  const workflows: WorkflowListItem[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const page: ListPage<WorkflowListItem> = await client.listWorkflows({ limit: 100, cursor }, { priority, signal });
    requests++;
    workflows.push(...page.data);
    cursor = page.cursor;
  } while (cursor && requests < 50);
  return { workflows, requests };
}

/** Reads one page of a feed. */
export async function readFeedPage(request: FeedRequest, at: FeedCursor): Promise<FeedPage> {
  const { client, scope, statuses, narrowing, limit, priority, signal } = request;
  const options = { priority, signal };
  if (at.kind === 'single') {
    const page =
      scope.kind === 'workflow'
        ? await client.listExecutions(scope.workflowId, { limit, cursor: at.cursor, statuses }, options)
        : await client.listAccountExecutions({ limit, cursor: at.cursor, statuses, ...narrowing }, options);
    return { items: page.data, next: page.cursor ? { kind: 'single', cursor: page.cursor } : undefined, requests: 1 };
  }
  let requests = 0;
  let originAt: string | undefined;
  let workflows = at.workflows;
  if (workflows === null) {
    const listed = await listAllWorkflows(client, priority, signal);
    requests += listed.requests;
    workflows = listed.workflows.map((w) => ({ id: w.id, name: w.name, cursor: '' }));
    originAt = listed.workflows.reduce<string | undefined>(
      (min, w) => (min === undefined || w.created_at < min ? w.created_at : min),
      undefined,
    );
  }
  // The first read takes every workflow's newest page; later reads advance the workflows whose
  // oldest loaded run is the newest, so the merged list grows in time order without gaps.
  const targets = (
    at.workflows === null
      ? workflows
      : frontier(
          workflows.filter((w) => w.cursor !== null),
          MERGE_FANOUT,
        )
  ).map((w) => w.id);
  const pages = await Promise.all(
    targets.map(async (id) => {
      const w = workflows.find((x) => x.id === id)!;
      const page = await client.listExecutions(id, { limit, cursor: w.cursor || null }, options);
      return { id, page };
    }),
  );
  requests += pages.length;
  const items: FeedRow[] = [];
  const byId = new Map(pages.map((p) => [p.id, p.page]));
  const nextWorkflows = workflows.map((w) => {
    const page = byId.get(w.id);
    if (!page) return w;
    items.push(...page.data.map((e) => ({ ...e, workflow_name: w.name })));
    return { ...w, cursor: page.cursor };
  });
  const more = nextWorkflows.some((w) => w.cursor !== null);
  return {
    items,
    next: more ? { kind: 'merged', workflows: nextWorkflows } : undefined,
    requests,
    originAt,
  };
}

/** The `n` workflows whose next page holds the newest unread runs (largest cursor first). */
function frontier<T extends { cursor: string | null }>(workflows: T[], n: number): T[] {
  return [...workflows].sort((a, b) => ((a.cursor ?? '') < (b.cursor ?? '') ? 1 : -1)).slice(0, n);
}

/**
 * One list from the live first page and the pages read so far: newest first, one row per id,
 * the first page's copy winning because it was read last.
 */
export function mergeRuns(head: readonly FeedRow[] | undefined, pages: readonly (readonly FeedRow[])[]): FeedRow[] {
  const byId = new Map<string, FeedRow>();
  for (const page of pages) for (const row of page) byId.set(row.id, row);
  for (const row of head ?? []) byId.set(row.id, { ...byId.get(row.id), ...row });
  return [...byId.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/**
 * About how many runs the whole list holds, from a uniform pace: `scanned` runs covered the time
 * from now back to the oldest one read, and no run is older than `originAt` (the workflow's
 * creation). Undefined until that can be said; never below what was scanned.
 */
export function estimateTotal(
  scanned: number,
  oldestScannedAt: string | undefined,
  originAt: string | undefined,
  now: number,
): number | undefined {
  if (!oldestScannedAt || !originAt || scanned === 0) return undefined;
  const covered = now - Date.parse(oldestScannedAt);
  const whole = now - Date.parse(originAt);
  if (!(covered > 0) || !(whole > 0) || !Number.isFinite(covered + whole)) return undefined;
  return Math.max(scanned, Math.round((scanned * whole) / covered));
}

/** Rounds an estimate the way people say it: "about 5,650". */
export function roundEstimate(n: number): number {
  if (n < 100) return n;
  const step = n < 1_000 ? 10 : n < 100_000 ? 50 : 1_000;
  return Math.round(n / step) * step;
}
