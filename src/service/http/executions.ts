import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../contract/limits';
import type { Concurrency } from '../../contract/openapi-document';
import { accountOf } from './auth';
import { routeSchema } from './contract-schemas';
import { badRequest, joinMessages, notFound } from './errors';
import { requireRunnable, requireWorkflow, resultFiles, type LocalContext } from './local-context';
import { paginate, type PageQuery } from './pagination';

interface WorkflowParams {
  workflowId: string;
}

interface ExecutionParams extends WorkflowParams {
  executionId: string;
}

export function executionRoutes(app: FastifyInstance, ctx: LocalContext): void {
  app.get<{ Params: WorkflowParams; Querystring: PageQuery }>(
    '/workflows/:workflowId/executions',
    { schema: routeSchema('listExecutions') },
    async (request) => {
      const workflow = requireWorkflow(ctx, accountOf(request), request.params.workflowId);
      return paginate(
        request.query,
        (before, limit) => ctx.store.executions.page(workflow.id, before, limit),
        (row) => ctx.presenter.executionListItem(row),
      );
    },
  );

  app.post<{ Params: WorkflowParams; Body: { input?: Record<string, unknown> } | null }>(
    '/workflows/:workflowId/executions',
    { schema: routeSchema('createExecution') },
    async (request, reply) => {
      const account = accountOf(request);
      const workflow = requireWorkflow(ctx, account, request.params.workflowId);
      const plan = requireRunnable(ctx, workflow);
      const input = request.body?.input ?? {};
      const errors = ctx.inputs.errors(workflow.id, plan.inputSchema, input, 'input');
      if (errors.length > 0) throw badRequest(joinMessages(errors));
      const [execution] = ctx.store.createExecutions(account.id, workflow.id, [input], null);
      ctx.engine.enqueued(workflow.id, null, null);
      return reply.code(201).send({
        execution_id: execution!.id,
        workflow_id: workflow.id,
        status: 'initial',
        created_at: execution!.created_at,
      });
    },
  );

  app.post<{ Params: WorkflowParams; Body: { items: Record<string, unknown>[]; concurrency?: Concurrency } }>(
    '/workflows/:workflowId/executions/batch',
    { schema: routeSchema('createExecutionBatch') },
    async (request, reply) => {
      const account = accountOf(request);
      const workflow = requireWorkflow(ctx, account, request.params.workflowId);
      const plan = requireRunnable(ctx, workflow);
      const { items } = request.body;
      const errors = items.flatMap((item, index) => ctx.inputs.errors(workflow.id, plan.inputSchema, item, `items[${index}]`));
      if (errors.length > 0) throw badRequest(joinMessages(errors));
      const cap = LIMITS.batchConcurrency[request.body.concurrency ?? workflow.concurrency ?? 'medium'];
      const batchId = randomUUID();
      const executions = ctx.store.createExecutions(account.id, workflow.id, items, { batchId, cap });
      ctx.engine.enqueued(workflow.id, batchId, cap);
      return reply.code(201).send({
        workflow_id: workflow.id,
        total: executions.length,
        executions: executions.map((execution, index) => ({ execution_id: execution.id, index })),
      });
    },
  );

  app.get<{ Params: ExecutionParams }>(
    '/workflows/:workflowId/executions/:executionId',
    { schema: routeSchema('getExecution') },
    async (request) => {
      const account = accountOf(request);
      const { workflowId, executionId } = request.params;
      const execution = ctx.store.executions.get(account.id, workflowId, executionId);
      if (!execution) {
        requireWorkflow(ctx, account, workflowId);
        throw notFound('execution not found');
      }
      return ctx.presenter.executionDetail(
        execution,
        resultFiles(ctx, execution.id),
        () => ctx.store.workflows.byId(workflowId),
      );
    },
  );
}
