import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ensureDevKey, provisionKeys, revokeUnlistedKeys, type DevKey } from './accounts/provision';
import { buildApp, type LocalServices } from './http/app';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { Engine } from './engine/engine';
import { connectModel } from './model/model-client';
import { LinkSigner } from './files/presign';
import { PrometheusMetrics } from './metrics/prometheus';
import { Readiness } from './http/resources/health/health';
import type { Middleware } from './http/plugins/spa';
import { openStore, type Store } from './store/store';

export interface ServiceOptions {
  logger: Logger;
  clock?: Clock;
  /** Overrides the engine's run time limit in ms (tests). */
  runTimeLimitMs?: number;
  distDir?: string;
  vite?: Middleware;
}

export interface Service {
  app: FastifyInstance;
  /** Null when proxying to WORKFLOW_UPSTREAM. */
  store: Store | null;
  engine: Engine | null;
  devKey: DevKey | null;
  /** Drained at shutdown, so /readyz turns a load balancer away before the app closes. */
  readiness: Readiness;
  /** Stops the HTTP app and the engine, then closes the database. */
  close(): Promise<void>;
}

async function startLocal(
  config: Config,
  options: ServiceOptions,
  clock: Clock,
): Promise<{ services: LocalServices; devKey: DevKey | null; metrics: PrometheusMetrics | null }> {
  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl ?? undefined }, clock);
  try {
    const secret =
      config.fileSigningSecret ??
      (await store.meta.getOrInit('file_signing_secret', () => randomBytes(32).toString('hex')));
    await provisionKeys(store, config.apiKeys, options.logger);
    await revokeUnlistedKeys(store, config.apiKeys, options.logger);
    // On PostgreSQL too, the dev key's file lives in DATA_DIR (the dashboard's dev mode reads it there).
    const devKey = config.apiKeys.length === 0 ? await ensureDevKey(store, config.dataDir) : null;
    // Off without WORKFLOW_METRICS_TOKEN: nothing is counted then, so metrics cost nothing.
    const counted = config.metricsToken ? new PrometheusMetrics(store.executions) : null;
    const engine = new Engine({
      store,
      clock,
      logger: options.logger,
      timeScale: config.timeScale,
      runTimeLimitMs: options.runTimeLimitMs,
      leaseMs: config.leaseSeconds * 1000,
      maxRunningPerAccount: config.quotas.runningPerAccount,
      model: config.model ? connectModel(config.model, counted ?? undefined, options.logger) : null,
      ...(counted ? { metrics: counted } : {}),
      retention: config.retention,
    });
    await engine.start();
    const signer = new LinkSigner(secret, config.publicUrl, clock);
    return { services: { store, engine, signer, devKey: () => devKey?.key ?? null }, devKey, metrics: counted };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** Opens the store, provisions accounts, recovers and starts the engine, and builds the app (not listening). */
export async function createService(config: Config, options: ServiceOptions): Promise<Service> {
  const clock = options.clock ?? systemClock;
  const local = config.upstream ? null : await startLocal(config, options, clock);
  const readiness = new Readiness();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      logger: options.logger,
      clock,
      local: local?.services ?? null,
      distDir: options.distDir,
      vite: options.vite,
      metrics: local?.metrics ?? null,
      readiness,
    });
  } catch (error) {
    await local?.services.engine.stop();
    await local?.services.store.close();
    throw error;
  }
  app.addHook('onClose', async () => {
    if (!local) return;
    await local.services.engine.stop();
    await local.services.store.close();
  });
  return {
    app,
    store: local?.services.store ?? null,
    engine: local?.services.engine ?? null,
    devKey: local?.devKey ?? null,
    readiness,
    close: () => app.close(),
  };
}
