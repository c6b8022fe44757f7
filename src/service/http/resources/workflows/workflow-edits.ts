import type { FastifyInstance } from 'fastify';
import { accountOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { badRequest, HttpError, notFound } from '../../plugins/errors';
import { requireWorkflow, type LocalContext } from '../../shared/local-context';

/**
 * Local extensions to fix or remove a workflow: rename it or edit its description, re-plan it in
 * place from an edited prompt (its runs kept), or delete it with its runs and their files.
 */
export function workflowEditRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such routes, so they answer the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const edits = ctx.store.workflowEdits;
  const detailOf = async (id: string) => {
    const workflow = await ctx.store.workflows.byId(id);
    if (!workflow) throw notFound('workflow not found');
    return ctx.presenter.workflowDetail(workflow);
  };

  contractRoute(app, 'updateWorkflow', async (request) => {
    const workflow = await requireWorkflow(ctx, accountOf(request), request.params.workflowId);
    const name = request.body.name?.trim();
    if (name === '') throw badRequest('name must not be blank');
    await edits.update(workflow.id, { name, description: request.body.description }, ctx.store.nowIso());
    return detailOf(workflow.id);
  });

  contractRoute(app, 'replanWorkflow', async (request, reply) => {
    const workflow = await requireWorkflow(ctx, accountOf(request), request.params.workflowId);
    const { prompt } = request.body;
    if (prompt.trim() === '') throw badRequest('prompt must not be blank');
    // Runs still to run (or to resume after approval) would meet steps they were not started with.
    const active = await edits.activeCount(workflow.id);
    if (active > 0) {
      const runs = active === 1 ? '1 run is' : `${active} runs are`;
      throw new HttpError(409, `${runs} waiting, processing or waiting for approval; cancel or finish them first`);
    }
    await edits.replan(workflow.id, prompt, ctx.store.nowIso());
    ctx.inputs.forget(workflow.id);
    ctx.engine.replan((await ctx.store.workflows.byId(workflow.id))!);
    return reply.code(202).send(await detailOf(workflow.id));
  });

  contractRoute(app, 'deleteWorkflow', async (request, reply) => {
    const workflow = await requireWorkflow(ctx, accountOf(request), request.params.workflowId);
    await edits.delete(workflow.id);
    ctx.terminal.forgetWorkflow(workflow.id);
    ctx.results.forgetWorkflow(workflow.id);
    ctx.engine.forget(workflow.id);
    ctx.inputs.forget(workflow.id);
    return reply.code(204).send();
  });
}
