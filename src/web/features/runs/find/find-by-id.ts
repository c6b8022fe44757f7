import type { ExecutionStatus, WorkflowListItem, WorkflowStatus } from '@contract/openapi-document';
import { isApiError } from '@/api/errors';
import type { FindClient } from '@/server-state/find';
import { idStartsWith, nameScore, readQuery, type FindQuery } from './find-match';

export type FindTarget =
  { kind: 'workflow'; workflowId: string } | { kind: 'execution'; workflowId: string; executionId: string };

export type Candidate =
  | { kind: 'workflow'; workflowId: string; name: string; status?: WorkflowStatus; at: string; score: number }
  | {
      kind: 'execution';
      workflowId: string;
      executionId: string;
      workflowName?: string;
      status: ExecutionStatus;
      at: string;
      score: number;
    };

export type KnownWorkflow = Pick<WorkflowListItem, 'id' | 'name' | 'updated_at' | 'status'>;
export interface KnownRun {
  id: string;
  workflow_id: string;
  status: ExecutionStatus;
  created_at: string;
  workflow_name?: string;
}
/** Workflows and runs this browser has already read. */
export interface Known {
  workflows: KnownWorkflow[];
  runs: KnownRun[];
}

/**
 * How far a look through the server went: through the runs (`runs` read; `complete`, every run of
 * every workflow; `stoppedAtMatch`, it stopped at the first page holding a match, more left unread),
 * or, for a full id, through the workflows, `checked` of them asked for the run.
 */
export type LookReport =
  | { through: 'runs'; runs: number; complete: boolean; stoppedAtMatch: boolean }
  | { through: 'workflows'; checked: number };
export type RunsLook = Extract<LookReport, { through: 'runs' }>;

export type FindOutcome =
  { kind: 'open'; target: FindTarget } | { kind: 'listed'; candidates: Candidate[]; looked?: LookReport };

export type FindProgress = { kind: 'runs'; runs: number } | { kind: 'workflows'; checked: number; of: number };

export interface FindDeps {
  client: FindClient;
  /** What the query cache holds now. */
  known: () => Known;
  /** Every workflow of the account (read once, then from the cache). */
  allWorkflows: () => Promise<WorkflowListItem[]>;
  /** The workflow of an execution this browser's run journal knows, if any. */
  journalWorkflowOf: (executionId: string) => Promise<string | undefined>;
  /** The server lists every workflow's runs in one list (GET /executions, a local extension). */
  globalList: boolean;
  onProgress?: (progress: FindProgress) => void;
  signal?: AbortSignal;
}

/** Candidates shown at most: past this, typing more narrows faster than scrolling. */
const MAX_CANDIDATES = 8;
/** Requests a look through the runs may spend: a fifth of the default budget of 100 a minute. */
export const SCAN_REQUESTS = 20;
const SCAN_PAGE = 100;
/** Workflows whose pages are read at once during a look; a match stops the look after each round. */
const SCAN_FANOUT = 4;

const newestFirst = (a: Candidate, b: Candidate) => b.score - a.score || (a.at < b.at ? 1 : a.at > b.at ? -1 : 0);

/** Candidates for what was typed among what is known, best first, without asking the server. */
export function candidatesIn(query: FindQuery, known: Known): Candidate[] {
  const names = new Map(known.workflows.map((w) => [w.id, w.name]));
  const workflow = (w: KnownWorkflow, score: number): Candidate => ({
    kind: 'workflow',
    workflowId: w.id,
    name: w.name,
    status: w.status,
    at: w.updated_at,
    score,
  });
  const run = (r: KnownRun, score: number): Candidate => ({
    kind: 'execution',
    workflowId: r.workflow_id,
    executionId: r.id,
    workflowName: r.workflow_name ?? names.get(r.workflow_id),
    status: r.status,
    at: r.created_at,
    score,
  });
  const found = new Map<string, Candidate>();
  const add = (id: string, candidate: Candidate) => {
    const before = found.get(id);
    if (!before || before.score < candidate.score) found.set(id, candidate);
  };
  if (query.kind === 'full-id' || query.kind === 'link') {
    const id = query.kind === 'full-id' ? query.id : (query.executionId ?? query.workflowId);
    for (const w of known.workflows) if (w.id === id) add(w.id, workflow(w, 100));
    for (const r of known.runs) if (r.id === id) add(r.id, run(r, 100));
  }
  if (query.kind === 'text') {
    const prefix = query.idPrefix;
    for (const w of known.workflows) {
      if (prefix && idStartsWith(w.id, prefix)) add(w.id, workflow(w, 100));
      const score = nameScore(query.text, w.name);
      if (score !== null) add(w.id, workflow(w, score));
    }
    if (prefix) for (const r of known.runs) if (idStartsWith(r.id, prefix)) add(r.id, run(r, 100));
  }
  return [...found.values()].sort(newestFirst).slice(0, MAX_CANDIDATES);
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * What Find opens or lists for the text, asking the server only for what this browser does not
 * know. A link opens what it names. A full id is looked up in the cache and the run journal, then
 * as a workflow (one request), then under each workflow (v1 reads a run only under its workflow).
 * Other text matches workflow names and, where it reads as the start of an id, the ids of
 * workflows and runs; runs not yet read are looked through, newest pages first, within
 * SCAN_REQUESTS requests and stopping at the first page with a match.
 */
export async function findFor(text: string, deps: FindDeps): Promise<FindOutcome> {
  const query = readQuery(text);
  const options = { priority: 'user' as const, signal: deps.signal };
  if (query.kind === 'empty') return { kind: 'listed', candidates: [] };
  if (query.kind === 'link') {
    const { workflowId, executionId } = query;
    return {
      kind: 'open',
      target: executionId ? { kind: 'execution', workflowId, executionId } : { kind: 'workflow', workflowId },
    };
  }
  if (query.kind === 'full-id') {
    const id = query.id;
    const [hit] = candidatesIn(query, deps.known());
    if (hit) return { kind: 'open', target: targetOf(hit) };
    const journaled = await deps.journalWorkflowOf(id);
    if (journaled) return { kind: 'open', target: { kind: 'execution', workflowId: journaled, executionId: id } };
    try {
      await deps.client.getWorkflow(id, options);
      return { kind: 'open', target: { kind: 'workflow', workflowId: id } };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    const order = byRecentChange(await deps.allWorkflows());
    let checked = 0;
    deps.onProgress?.({ kind: 'workflows', checked, of: order.length });
    for (const w of order) {
      try {
        await deps.client.getExecution(w.id, id, options);
        return { kind: 'open', target: { kind: 'execution', workflowId: w.id, executionId: id } };
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      checked++;
      deps.onProgress?.({ kind: 'workflows', checked, of: order.length });
    }
    return { kind: 'listed', candidates: [], looked: { through: 'workflows', checked } };
  }
  const workflows = await deps.allWorkflows();
  const cached = deps.known();
  const known = { workflows: mergeById(workflows, cached.workflows), runs: cached.runs };
  const prefix = query.idPrefix;
  const runFound = (k: Known) => prefix !== undefined && k.runs.some((r) => idStartsWith(r.id, prefix));
  if (!prefix || runFound(known)) return { kind: 'listed', candidates: candidatesIn(query, known) };
  const scan = await scanRuns(prefix, byRecentChange(workflows), deps);
  const runs = mergeById(scan.runs, known.runs);
  return { kind: 'listed', candidates: candidatesIn(query, { workflows: known.workflows, runs }), looked: scan.report };
}

export const targetOf = (c: Candidate): FindTarget =>
  c.kind === 'workflow'
    ? { kind: 'workflow', workflowId: c.workflowId }
    : { kind: 'execution', workflowId: c.workflowId, executionId: c.executionId };

function mergeById<T extends { id: string }>(first: readonly T[], second: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of [...second, ...first]) byId.set(item.id, item);
  return [...byId.values()];
}

/** Recently changed workflows first: a pasted or typed run id is most often a recent one's. */
const byRecentChange = (workflows: readonly WorkflowListItem[]) =>
  [...workflows].sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0));

/**
 * Reads runs until one's id starts with `prefix`: the account's list where the server has one,
 * else each workflow's newest page, then their next pages, round by round.
 */
async function scanRuns(
  prefix: string,
  workflows: readonly WorkflowListItem[],
  deps: FindDeps,
): Promise<{ runs: KnownRun[]; report: RunsLook }> {
  const options = { priority: 'user' as const, signal: deps.signal };
  const names = new Map(workflows.map((w) => [w.id, w.name]));
  const read: KnownRun[] = [];
  let requests = 0;
  const matched = () => read.some((r) => idStartsWith(r.id, prefix));
  const report = (complete: boolean): { runs: KnownRun[]; report: RunsLook } => ({
    runs: read,
    report: { through: 'runs', runs: read.length, complete, stoppedAtMatch: !complete && matched() },
  });
  deps.onProgress?.({ kind: 'runs', runs: 0 });

  if (deps.globalList) {
    let cursor: string | null = null;
    do {
      const page = await deps.client.listAccountExecutions({ limit: SCAN_PAGE, cursor }, options);
      requests++;
      read.push(...page.data);
      cursor = page.cursor;
      deps.onProgress?.({ kind: 'runs', runs: read.length });
    } while (cursor && !matched() && requests < SCAN_REQUESTS);
    return report(cursor === null);
  }

  // null: not read yet; '' never occurs; a string: the next page's cursor; done: no more pages.
  const cursors = new Map<string, string | null | 'done'>(workflows.map((w) => [w.id, null]));
  const unread = () => [...cursors].filter(([, c]) => c !== 'done');
  while (unread().length > 0 && requests < SCAN_REQUESTS && !matched()) {
    // Every workflow's newest page before anyone's second page: recent runs first across the account.
    const round = unread()
      .sort(([, a], [, b]) => (a === null ? 0 : 1) - (b === null ? 0 : 1))
      .slice(0, Math.min(SCAN_FANOUT, SCAN_REQUESTS - requests));
    const pages = await Promise.all(
      round.map(async ([id, cursor]) => ({
        id,
        page: await deps.client.listExecutions(id, { limit: SCAN_PAGE, cursor: cursor as string | null }, options),
      })),
    );
    requests += pages.length;
    for (const { id, page } of pages) {
      read.push(...page.data.map((r) => ({ ...r, workflow_name: names.get(id) })));
      cursors.set(id, page.cursor ?? 'done');
    }
    deps.onProgress?.({ kind: 'runs', runs: read.length });
  }
  return report(unread().length === 0);
}
