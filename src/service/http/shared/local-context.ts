import type { ExecutionDetail } from '../../../contract/openapi-document';
import type { Config } from '../../config';
import type { Engine } from '../../engine/engine';
import type { Metrics } from '../../metrics/metrics';
import type { ReadyPlan } from '../../engine/plans';
import type { AccountRecord, ExecutionView, FileLink, WorkflowRecord } from '../../store/records';
import type { Store } from '../../store/store';
import { badRequest, joinMessages, notFound } from '../plugins/errors';
import type { InputValidators } from './input-validation';
import type { Presenter } from './present';
import type { CachedFile, ResultCache } from './result-cache';
import type { TerminalExecutions } from './terminal-cache';

/** What the local API routes share. */
export interface LocalContext {
  config: Config;
  store: Store;
  engine: Engine;
  presenter: Presenter;
  inputs: InputValidators;
  results: ResultCache;
  /**
   * Ended executions' answers: read again without the database on SQLite; on a shared store, where
   * other replicas delete too, only spared presenting once the row is read.
   */
  terminal: TerminalExecutions;
  metrics: Metrics;
}

/** The result files of a finished or failed execution (cached; they never change). */
export function resultFiles(ctx: LocalContext, execution: ExecutionView): CachedFile[] | Promise<CachedFile[]> {
  const { id, workflow_id: workflowId } = execution;
  const kept = ctx.results.hit(id);
  ctx.metrics.cache('results', kept !== undefined);
  return kept ?? ctx.results.get(id, workflowId, () => ctx.store.files.summaries(id));
}

const utf8 = new TextDecoder();

/**
 * What an execution detail shows as results: the cached final files once finished or failed, the
 * draft (stored on first read) while waiting for approval when drafts are shown, else nothing.
 */
async function detailFiles(ctx: LocalContext, execution: ExecutionView): Promise<CachedFile[]> {
  if (!ctx.presenter.showsFiles(execution.status)) return [];
  if (execution.status !== 'human_in_the_loop') return resultFiles(ctx, execution);
  await ctx.engine.ensureDrafts(execution.id);
  const drafts = await ctx.store.files.drafts(execution.id);
  return drafts.map((f) => ({
    id: f.id,
    filename: f.filename,
    content: f.inline_data ? utf8.decode(f.inline_data) : null,
  }));
}

/**
 * The execution detail, loading only what its status shows: the results or draft, or the workflow
 * (through `workflow`) to estimate retry_after_seconds while it waits or runs.
 */
export async function executionDetail(
  ctx: LocalContext,
  execution: ExecutionView,
  workflow: () => WorkflowRecord | undefined | Promise<WorkflowRecord | undefined>,
): Promise<ExecutionDetail> {
  let retryAfter = 1;
  if (ctx.presenter.showsRetryAfter(execution.status)) {
    const found = await workflow();
    if (found) retryAfter = await ctx.engine.retryAfterSeconds(execution, found);
  }
  return ctx.presenter.executionDetail(execution, await detailFiles(ctx, execution), retryAfter);
}

/**
 * The result files of a list page's finished and failed executions: from the cache where it has
 * them, the rest in one query for the whole page.
 */
export async function pageFileLinks(
  ctx: LocalContext,
  rows: readonly ExecutionView[],
): Promise<Map<string, FileLink[]>> {
  const links = new Map<string, FileLink[]>();
  const missing: string[] = [];
  for (const row of rows) {
    if (!ctx.presenter.listsResults(row.status)) continue;
    const cached = ctx.results.peek(row.id);
    if (cached)
      links.set(
        row.id,
        cached.map((file) => ({ execution_id: row.id, id: file.id, filename: file.filename })),
      );
    else missing.push(row.id);
  }
  if (missing.length > 0) for (const [id, files] of await ctx.store.files.links(missing)) links.set(id, files);
  return links;
}

export async function requireWorkflow(
  ctx: LocalContext,
  account: AccountRecord,
  workflowId: string,
): Promise<WorkflowRecord> {
  const workflow = await ctx.store.workflows.get(account.id, workflowId);
  if (!workflow) throw notFound('workflow not found');
  return workflow;
}

/** The plan of a workflow that can run now, or a 400 saying why it cannot. */
function requireRunnable(ctx: LocalContext, workflow: WorkflowRecord): ReadyPlan {
  if (workflow.status === 'planning') throw badRequest('workflow is still planning; try again in a few seconds');
  if (workflow.status === 'failed') {
    throw badRequest(`workflow cannot run because planning failed: ${workflow.planning_error ?? 'unknown reason'}`);
  }
  const plan = ctx.engine.plans.get(workflow);
  if (!plan) throw badRequest('workflow has no plan to run');
  return plan;
}

/** Checks each input against the runnable workflow's input schema; a 400 names every failure. */
export function requireValidInputs(
  ctx: LocalContext,
  workflow: WorkflowRecord,
  inputs: readonly Record<string, unknown>[],
  labelOf: (index: number) => string,
): void {
  const plan = requireRunnable(ctx, workflow);
  const errors = inputs.flatMap((input, index) =>
    ctx.inputs.errors(workflow.id, plan.inputSchema, input, labelOf(index)),
  );
  if (errors.length > 0) throw badRequest(joinMessages(errors));
}
