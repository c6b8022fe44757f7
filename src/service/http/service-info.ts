import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../contract/openapi-document';
import { contractRoute } from './contract-route';
import type { LocalContext } from './local-context';

/** Local extension: who plans workflows here (a model, and which, or the built-in rules), for the dashboard to say so. */
export function serviceInfoRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such route, so it answers the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const model = ctx.config.model;
  const info: Schemas['ServiceInfo'] = model
    ? { planner: 'model', model: model.model }
    : { planner: 'rules', model: null };
  contractRoute(app, 'getServiceInfo', async () => info);
}
