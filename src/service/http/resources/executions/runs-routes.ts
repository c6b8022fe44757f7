import type { FastifyInstance } from 'fastify';
import type { AccountRecord, ExecutionView, FileLink } from '../../../store/records';
import { accountOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { notFound } from '../../plugins/errors';
import { computeStats, statsRange, statsSpan } from './execution-stats';
import { presentSteps } from './execution-steps';
import { pageFileLinks, requireWorkflow, type LocalContext } from '../../shared/local-context';
import { paginate } from '../../shared/pagination';
import { parseStatusFilter } from './status-filter';

/** The execution when it is one of the workflow's (of this account), else the 404 that says which is missing. */
async function requireExecution(
  ctx: LocalContext,
  account: AccountRecord,
  workflowId: string,
  executionId: string,
): Promise<ExecutionView> {
  const execution = await ctx.store.executions.get(account.id, workflowId, executionId);
  if (execution) return execution;
  await requireWorkflow(ctx, account, workflowId);
  throw notFound('execution not found');
}

/**
 * Local extensions for finding and understanding runs (issue 12): the account-wide executions
 * list, a workflow's run statistics, an execution's steps and its input, and who did what to
 * an execution (issue 23). Strict-v1 mode has none
 * of these routes, so they answer the usual 404 `no route …` there.
 */
export function runsRoutes(app: FastifyInstance, ctx: LocalContext): void {
  if (ctx.config.strictV1) return;

  contractRoute(app, 'listAccountExecutions', async (request) => {
    const account = accountOf(request);
    const statuses = parseStatusFilter(request.query.status);
    const { workflow_id: workflowId, started_by: startedBy, batch_id: batchId } = request.query;
    if (workflowId !== undefined) await requireWorkflow(ctx, account, workflowId);
    let links = new Map<string, FileLink[]>();
    return paginate(
      request.query,
      async (before, limit) => {
        const rows = await ctx.store.executionQueries.accountPage(account.id, workflowId?.toLowerCase() ?? null, {
          statuses,
          startedBy: startedBy?.toLowerCase() ?? null,
          batchId: batchId?.toLowerCase() ?? null,
          before,
          limit,
        });
        links = await pageFileLinks(ctx, rows);
        return rows;
      },
      (row) => ({ ...ctx.presenter.executionListItem(row, links.get(row.id)), workflow_name: row.workflow_name }),
    );
  });

  contractRoute(app, 'getExecutionStats', async (request) => {
    const workflow = await requireWorkflow(ctx, accountOf(request), request.params.workflowId);
    const range = statsRange(request.query, Date.parse(ctx.store.nowIso()));
    const queries = ctx.store.executionQueries;
    const [buckets, durations] = await Promise.all([
      queries.bucketCounts(workflow.id, statsSpan(range)),
      queries.durations(workflow.id, range.from, range.to),
    ]);
    return computeStats(workflow.id, buckets, durations, range);
  });

  contractRoute(app, 'getExecutionSteps', async (request) => {
    const account = accountOf(request);
    const { workflowId, executionId } = request.params;
    const execution = await requireExecution(ctx, account, workflowId, executionId);
    const workflow = await ctx.store.workflows.byId(execution.workflow_id);
    const plan = workflow ? ctx.engine.plans.get(workflow) : null;
    return {
      execution_id: execution.id,
      workflow_id: execution.workflow_id,
      status: execution.status,
      steps: presentSteps(plan?.steps ?? [], await ctx.store.steps.list(execution.id), execution),
    };
  });

  contractRoute(app, 'getExecutionActivity', async (request) => {
    const account = accountOf(request);
    const { workflowId, executionId } = request.params;
    const execution = await requireExecution(ctx, account, workflowId, executionId);
    const activity = (await ctx.store.executionQueries.activity(execution.id))!;
    return { execution_id: execution.id, workflow_id: execution.workflow_id, ...activity };
  });

  contractRoute(app, 'getExecutionInput', async (request) => {
    const account = accountOf(request);
    const { workflowId, executionId } = request.params;
    const execution = await requireExecution(ctx, account, workflowId, executionId);
    const record = (await ctx.store.executions.byId(execution.id))!;
    return {
      execution_id: execution.id,
      workflow_id: execution.workflow_id,
      input: JSON.parse(record.input) as Record<string, unknown>,
    };
  });
}
