import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../../contract/limits';
import type { CancelExecutionsResponse } from '../../../../contract/openapi-document';
import type { ExecutionView, FileLink } from '../../../store/records';
import { accountOf, callerOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { badRequest, notFound } from '../../plugins/errors';
import {
  executionDetail,
  pageFileLinks,
  requireValidInputs,
  requireWorkflow,
  type LocalContext,
} from '../../shared/local-context';
import { paginate } from '../../shared/pagination';
import { runsRoutes } from './runs-routes';
import { requireStorageRoom, withinQuota } from '../../shared/quotas';
import { parseStatusFilter } from './status-filter';

/** What Fastify sends a serialized object as. */
const JSON_TYPE = 'application/json; charset=utf-8';

export function executionRoutes(app: FastifyInstance, ctx: LocalContext): void {
  contractRoute(app, 'listExecutions', async (request) => {
    const workflow = await requireWorkflow(ctx, accountOf(request), request.params.workflowId);
    // The status filter is a local extension; strict v1 ignores it like any unknown parameter.
    const statuses = ctx.config.strictV1 ? null : parseStatusFilter(request.query.status);
    let links = new Map<string, FileLink[]>();
    return paginate(
      request.query,
      async (before, limit) => {
        const rows = await ctx.store.executionQueries.workflowPage(workflow.id, { statuses, before, limit });
        links = await pageFileLinks(ctx, rows);
        return rows;
      },
      (row) => ctx.presenter.executionListItem(row, links.get(row.id)),
    );
  });

  contractRoute(app, 'createExecution', async (request, reply) => {
    const { account, key } = callerOf(request);
    const workflow = await requireWorkflow(ctx, account, request.params.workflowId);
    const input = request.body?.input ?? {};
    requireValidInputs(ctx, workflow, [input], () => 'input');
    await requireStorageRoom(ctx.store, ctx.config.quotas, account.id);
    const [execution] = await withinQuota(reply, 1, () =>
      ctx.store.createExecutions(account.id, workflow.id, [input], null, ctx.config.quotas.queuedPerAccount, key.id),
    );
    ctx.engine.enqueued(workflow.id, null, null);
    return reply.code(201).send({
      execution_id: execution!.id,
      workflow_id: workflow.id,
      status: 'initial',
      created_at: execution!.created_at,
    });
  });

  contractRoute(app, 'createExecutionBatch', async (request, reply) => {
    const { account, key } = callerOf(request);
    const workflow = await requireWorkflow(ctx, account, request.params.workflowId);
    const { items, concurrency } = request.body;
    requireValidInputs(ctx, workflow, items, (index) => `items[${index}]`);
    const cap = LIMITS.batchConcurrency[concurrency ?? workflow.concurrency ?? 'medium'];
    const batchId = randomUUID();
    await requireStorageRoom(ctx.store, ctx.config.quotas, account.id);
    const executions = await withinQuota(reply, items.length, () =>
      ctx.store.createExecutions(
        account.id,
        workflow.id,
        items,
        { batchId, cap },
        ctx.config.quotas.queuedPerAccount,
        key.id,
      ),
    );
    ctx.engine.enqueued(workflow.id, batchId, cap);
    return reply.code(201).send({
      workflow_id: workflow.id,
      total: executions.length,
      executions: executions.map((execution, index) => ({ execution_id: execution.id, index })),
      ...(ctx.config.strictV1 ? {} : { batch_id: batchId }),
    });
  });

  contractRoute(app, 'getExecution', async (request, reply) => {
    const account = accountOf(request);
    const { workflowId, executionId } = request.params;
    const { terminal } = ctx;
    // Read before presenting: the answer is then never kept under a later expiry than its links carry.
    const linkExpiry = ctx.presenter.linkExpiryNow();
    let execution: ExecutionView | undefined;
    if (ctx.store.shared) {
      // Other replicas may delete or change runs: the row is read every time (one read serves the
      // concurrent polls of a run), and a kept answer only spares presenting the same row again.
      execution = await ctx.store.executions.get(account.id, workflowId, executionId);
      const kept = execution && terminal.answerFor(execution, linkExpiry);
      if (execution) ctx.metrics.cache('ended_runs', kept !== undefined);
      if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
    } else {
      const kept = terminal.answer(account.id, workflowId, executionId, linkExpiry);
      ctx.metrics.cache('ended_runs', kept !== undefined);
      if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
      execution =
        terminal.get(account.id, workflowId, executionId) ??
        (await ctx.store.executions.get(account.id, workflowId, executionId));
    }
    if (!execution) {
      await requireWorkflow(ctx, account, workflowId);
      throw notFound('execution not found');
    }
    const detail = await executionDetail(ctx, execution, () => ctx.store.workflows.byId(workflowId));
    // Serialized by the route's own response schema, exactly as Fastify would.
    const body = reply.serialize(detail);
    if (typeof body !== 'string') return detail;
    terminal.rememberAnswer(account.id, execution, linkExpiry, body);
    return reply.type(JSON_TYPE).send(body);
  });

  runsRoutes(app, ctx);
  // Local extension; strict-v1 mode has no such route, so it answers the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  contractRoute(app, 'cancelExecutions', async (request): Promise<CancelExecutionsResponse> => {
    const { account, key } = callerOf(request);
    const { batch_id: batchId, execution_ids: ids, reason } = request.body;
    if (batchId !== undefined && ids !== undefined) throw badRequest('send either batch_id or execution_ids, not both');
    if (batchId === undefined && ids === undefined)
      throw badRequest('batch_id or execution_ids is required: say which executions to cancel');
    const workflow = await requireWorkflow(ctx, account, request.params.workflowId);
    const message = `cancelled by ${key.name} (API key)${reason?.trim() ? `: ${reason.trim()}` : ''}`;
    const target =
      batchId !== undefined ? { batchId: batchId.toLowerCase() } : { ids: ids!.map((id) => id.toLowerCase()) };
    const counts = await ctx.store.cancelExecutions({
      accountId: account.id,
      workflowId: workflow.id,
      target,
      message,
      by: key.id,
    });
    if (counts.cancelled > 0) ctx.engine.cancelled(workflow.id);
    return counts;
  });
}
