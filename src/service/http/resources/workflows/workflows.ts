import type { FastifyInstance } from 'fastify';
import { formatMicros } from '../../../store/timestamps';
import { accountOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { badRequest } from '../../plugins/errors';
import { requireWorkflow, type LocalContext } from '../../shared/local-context';
import { paginate } from '../../shared/pagination';
import { withinQuota } from '../../shared/quotas';

/** The list's success rate counts the runs of the last 7 days. */
const ACTIVITY_DAYS = 7;

/** Until the planner names a workflow, its name is the start of its prompt. */
function provisionalName(prompt: string): string {
  const firstLine = prompt.trim().split('\n')[0]!.trim();
  if (firstLine.length <= 60) return firstLine;
  const cut = firstLine.slice(0, 60);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > 30 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

export function workflowRoutes(app: FastifyInstance, ctx: LocalContext): void {
  contractRoute(app, 'listWorkflows', async (request) => {
    const account = accountOf(request);
    const page = await paginate(
      request.query,
      async (before, limit) => ctx.store.workflows.page(account.id, before, limit),
      (row) => row,
    );
    if (!ctx.presenter.listsActivity) {
      return { data: page.data.map((row) => ctx.presenter.workflowListItem(row)), cursor: page.cursor };
    }
    const since = formatMicros((Date.parse(ctx.store.nowIso()) - ACTIVITY_DAYS * 86_400_000) * 1000);
    const activity = await ctx.store.executionQueries.workflowActivity(
      page.data.map((row) => row.id),
      since,
    );
    return {
      data: page.data.map((row) => ctx.presenter.workflowListEntry(row, activity.get(row.id), ACTIVITY_DAYS)),
      cursor: page.cursor,
    };
  });

  contractRoute(app, 'createWorkflow', async (request, reply) => {
    const account = accountOf(request);
    const { prompt, name, description } = request.body;
    if (prompt.trim() === '') throw badRequest('prompt must not be blank');
    const givenName = name?.trim() ?? '';
    const workflow = await withinQuota(reply, 1, () =>
      ctx.store.createWorkflow(
        {
          accountId: account.id,
          prompt,
          name: givenName || provisionalName(prompt),
          description: description ?? '',
          nameGiven: givenName !== '',
          descriptionGiven: description !== undefined,
        },
        undefined,
        ctx.config.quotas.workflowsPerAccount,
      ),
    );
    ctx.engine.planLater(workflow);
    return reply.code(201).send({
      id: workflow.id,
      name: workflow.name,
      description: workflow.description,
      url: ctx.presenter.workflowUrl(workflow.id),
      status: 'planning',
      created_at: workflow.created_at,
    });
  });

  contractRoute(app, 'getWorkflow', async (request) =>
    ctx.presenter.workflowDetail(await requireWorkflow(ctx, accountOf(request), request.params.workflowId)),
  );
}
