import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../contract/openapi-document';
import { effectiveRetention } from '../engine/retention';
import type { AccountRetention } from '../store/retention-repo';
import { callerOf } from './auth';
import { contractRoute } from './contract-route';
import { badRequest } from './errors';
import type { LocalContext } from './local-context';

/** An account's own value must not pass the service's: the operator's bound on the database holds for all. */
function withinService(field: 'days' | 'max_runs', value: number | null, most: number | null): void {
  if (value === null || most === null || value <= most) return;
  throw badRequest(
    field === 'days'
      ? `days can be at most ${most}: this service removes ended runs older than ${most} days`
      : `max_runs can be at most ${most.toLocaleString('en-US')}: this service keeps at most that many ended runs per account`,
  );
}

/** Local extension: how long the caller's account keeps its ended runs, and its own setting. */
export function retentionRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such routes, so they answer the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const service = ctx.config.retention;
  const present = (own: AccountRetention): Schemas['Retention'] => {
    const applies = effectiveRetention(service, own);
    return {
      days: applies.days,
      max_runs: applies.maxRuns,
      account_days: own.days,
      account_max_runs: own.maxRuns,
      service_days: service.days,
      service_max_runs: service.maxRuns,
    };
  };

  contractRoute(app, 'getRetention', async (request) => {
    const { account } = callerOf(request);
    return present((await ctx.store.retention.ofAccount(account.id)) ?? { days: null, maxRuns: null });
  });

  contractRoute(app, 'updateRetention', async (request) => {
    const { account } = callerOf(request);
    const own = { days: request.body.days, maxRuns: request.body.max_runs };
    withinService('days', own.days, service.days);
    withinService('max_runs', own.maxRuns, service.maxRuns);
    await ctx.store.retention.setAccount(account.id, own);
    return present(own);
  });
}
