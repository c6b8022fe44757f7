import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { HttpError, notFound } from '../../plugins/errors';
import { executionDetail, requireWorkflow, type LocalContext } from '../../shared/local-context';

/**
 * Local extension: a reviewer approves (the run continues) or rejects (it ends in error, named after
 * the reviewer's API key, and keeps the draft as results).
 */
export function approvalRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such route, so it answers the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  contractRoute(app, 'decideApproval', async (request) => {
    const { account, key } = callerOf(request);
    const { workflowId, executionId } = request.params;
    const workflow = await requireWorkflow(ctx, account, workflowId);
    const execution = await ctx.store.executions.get(account.id, workflowId, executionId);
    if (!execution) throw notFound('execution not found');
    const outcome =
      execution.status === 'human_in_the_loop'
        ? await ctx.engine.decide(execution, request.body.approved, request.body.comment, key)
        : 'not-waiting';
    if (outcome === 'not-waiting') {
      const current = (await ctx.store.executions.byId(executionId))?.status ?? execution.status;
      throw new HttpError(409, `execution is not waiting for approval (its status is ${current})`);
    }
    const updated = (await ctx.store.executions.byId(executionId))!;
    return executionDetail(ctx, updated, () => workflow);
  });
}
