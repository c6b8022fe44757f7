import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../../../contract/openapi-document';
import { effectiveRetention } from '../../../engine/retention';
import type { AccountRetention, RetentionChange } from '../../../store/retention-repo';
import { callerOf } from '../../plugins/auth';
import { contractRoute } from '../../shared/contract-route';
import { badRequest, HttpError } from '../../plugins/errors';
import type { LocalContext } from '../../shared/local-context';

/** An account's own value must not pass the service's: the operator's bound on the database holds for all. */
function withinService(field: 'days' | 'max_runs', value: number | null, most: number | null): void {
  if (value === null || most === null || value <= most) return;
  throw badRequest(
    field === 'days'
      ? `days can be at most ${most}: this service removes ended runs older than ${most} days`
      : `max_runs can be at most ${most.toLocaleString('en-US')}: this service keeps at most that many ended runs per account`,
  );
}

/** How many of the newest changes GET /retention shows. */
const CHANGES_SHOWN = 20;

const presentChange = (change: RetentionChange): Schemas['RetentionChange'] => ({
  changed_at: change.changed_at,
  changed_by:
    change.changed_by === null || change.changed_by_name === null
      ? null
      : { id: change.changed_by, name: change.changed_by_name },
  from: { days: change.from_days, max_runs: change.from_max_runs },
  to: { days: change.to_days, max_runs: change.to_max_runs },
});

/** Local extension: how long the caller's account keeps its ended runs, and its own setting. */
export function retentionRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such routes, so they answer the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const service = ctx.config.retention;
  const present = async (accountId: string, own: AccountRetention): Promise<Schemas['Retention']> => {
    const applies = effectiveRetention(service, own);
    const changes = await ctx.store.retention.changes(accountId, CHANGES_SHOWN);
    return {
      days: applies.days,
      max_runs: applies.maxRuns,
      account_days: own.days,
      account_max_runs: own.maxRuns,
      service_days: service.days,
      service_max_runs: service.maxRuns,
      changes: changes.map(presentChange),
    };
  };

  contractRoute(app, 'getRetention', async (request) => {
    const { account } = callerOf(request);
    return present(account.id, (await ctx.store.retention.ofAccount(account.id)) ?? { days: null, maxRuns: null });
  });

  contractRoute(app, 'updateRetention', async (request) => {
    const { account, key } = callerOf(request);
    // Retention decides what the cleaner deletes for everyone on the account.
    if (key.role !== 'admin')
      throw new HttpError(
        403,
        'Only an admin key can change how long runs are kept; this is a member key. Ask an admin of the account.',
      );
    const own = { days: request.body.days, maxRuns: request.body.max_runs };
    withinService('days', own.days, service.days);
    withinService('max_runs', own.maxRuns, service.maxRuns);
    await ctx.store.retention.setAccount(account.id, own, { by: key.id, at: ctx.store.nowIso() });
    return present(account.id, own);
  });
}
