import type { FastifyInstance } from 'fastify';
import type { Schemas } from '../../../../contract/openapi-document';
import { cachedLocalModels } from '../../../model/local-ollama';
import { contractRoute } from '../../shared/contract-route';
import type { LocalContext } from '../../shared/local-context';

/**
 * Local extension: who plans workflows here (a model, and which, or the built-in rules), for the
 * dashboard to say so; with no model, also a model server found on this machine and the line that
 * turns it on (never used unless configured).
 */
export function serviceInfoRoutes(app: FastifyInstance, ctx: LocalContext): void {
  // Strict-v1 mode has no such route, so it answers the usual 404 `no route …`.
  if (ctx.config.strictV1) return;
  const model = ctx.config.model;
  const probe = ctx.config.ollamaProbeUrl;
  const localModels = !model && probe ? cachedLocalModels(probe) : null;
  contractRoute(app, 'getServiceInfo', async (): Promise<Schemas['ServiceInfo']> => {
    if (model) return { planner: 'model', model: model.model };
    const found = localModels ? await localModels() : null;
    return { planner: 'rules', model: null, ...(found ? { local_models: found } : {}) };
  });
}
