import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { LIMITS } from '../../contract/limits';
import { systemClock, type Clock } from '../clock';
import type { Config } from '../config';
import type { Engine } from '../engine/engine';
import type { LinkSigner } from '../files/presign';
import { countRequests, metricsRoute } from './resources/metrics/endpoint';
import { noMetrics, type Metrics } from '../metrics/metrics';
import { PrometheusMetrics } from '../metrics/prometheus';
import { apiKeyRoutes } from './resources/keys/api-keys';
import { batchRoutes } from './resources/batches/batches';
import { batchResultRoutes } from './resources/batches/batch-results';
import { approvalRoutes } from './resources/executions/approval';
import { apiKeyHook, KeyResolver, type RequestLimits } from './plugins/auth';
import { requireStorableText } from './shared/stored-text';
import { limitConnectionsPerAddress } from './plugins/connection-limits';
import { openCorsForFrameworkError, registerCors } from './plugins/cors';
import { devKeyRoute } from './plugins/dev-key';
import { badRequest, handleClientError, HttpError, installErrorHandling, sendFrameworkError } from './plugins/errors';
import { executionRoutes } from './resources/executions/executions';
import { fileRoutes } from './resources/files/files';
import { healthRoutes, Readiness } from './resources/health/health';
import { InputValidators } from './shared/input-validation';
import type { LocalContext } from './shared/local-context';
import { RouteTable, sendNoRoute } from './plugins/no-route';
import { openApiRoute } from './resources/openapi/openapi';
import { PAGE_MESSAGES } from './plugins/request-messages';
import { repairCursor } from './shared/pagination';
import { Presenter } from './shared/present';
import { addApiHeaders } from './plugins/security-headers';
import { retentionRoutes } from './resources/retention/retention';
import { serviceInfoRoutes } from './resources/service-info/service-info';
import { RateLimiter, storeWindows } from './plugins/rate-limit';
import { ResultCache } from './shared/result-cache';
import { TerminalExecutions } from './shared/terminal-cache';
import { spaRoutes, viteRoutes, type Middleware } from './plugins/spa';
import { upstreamRoutes } from './plugins/upstream';
import { workflowEditRoutes } from './resources/workflows/workflow-edits';
import { workflowRoutes } from './resources/workflows/workflows';
import type { Store } from '../store/store';

/** The local engine and its state; absent when the service proxies to an upstream. */
export interface LocalServices {
  store: Store;
  engine: Engine;
  signer: LinkSigner;
  /** The key this service generated for itself, if any (served to loopback at /__dev/key). */
  devKey: () => string | null;
}

export interface AppDeps {
  config: Config;
  logger: Logger;
  clock?: Clock;
  local: LocalServices | null;
  /** Where the built dashboard lives; defaults to ./dist. */
  distDir?: string;
  /** Vite's dev middlewares; when set they serve the dashboard instead of distDir. */
  vite?: Middleware;
  /** What /metrics serves (shared with the engine); made here when WORKFLOW_METRICS_TOKEN is set and none is given. */
  metrics?: PrometheusMetrics | null;
  /** Whether /readyz may say ready; the service's shutdown drains it. */
  readiness?: Readiness;
}

const ID_PARAMS = ['workflowId', 'executionId', 'keyId'] as const;
function makeValidatorAjv(coerce: boolean): Ajv {
  // Only query strings and path parameters arrive as text; bodies are JSON and must already have the right types.
  const ajv = new Ajv({
    coerceTypes: coerce,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

function localApi(app: FastifyInstance, ctx: LocalContext, keys: KeyResolver, limits: RequestLimits): void {
  app.register(
    async (api) => {
      api.addHook('onRequest', apiKeyHook(keys, limits, ctx.metrics));
      api.addHook('preValidation', (request, _reply, done) => {
        const query = request.query as { cursor?: unknown; limit?: unknown };
        if (typeof query.cursor === 'string') query.cursor = repairCursor(query.cursor);
        // Coercion would read `+5`, `05`, `1e1` and `0x10` as numbers; a page size is plain digits.
        if (typeof query.limit === 'string' && !/^[1-9]\d*$/.test(query.limit))
          return done(badRequest(PAGE_MESSAGES.limit));
        try {
          requireStorableText(request.body);
        } catch (error) {
          return done(error as Error);
        }
        done();
      });
      // UUIDs are case-insensitive; stored ids are lower case, so an upper-case id finds the same record.
      api.addHook('preHandler', (request, _reply, done) => {
        const params = request.params as Partial<Record<(typeof ID_PARAMS)[number], string>>;
        for (const name of ID_PARAMS) if (typeof params[name] === 'string') params[name] = params[name].toLowerCase();
        done();
      });
      workflowRoutes(api, ctx);
      executionRoutes(api, ctx);
      approvalRoutes(api, ctx);
      workflowEditRoutes(api, ctx);
      serviceInfoRoutes(api, ctx);
      retentionRoutes(api, ctx);
      apiKeyRoutes(api, ctx, keys);
      batchRoutes(api, ctx);
      batchResultRoutes(api, ctx);
      api.setNotFoundHandler(sendNoRoute);
    },
    { prefix: '/api/v1' },
  );
}

/** Builds the HTTP app (not listening) that main and the tests share. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: LIMITS.maxBodyBytes,
    // Per-request lines would dominate the log under load; onResponse logs paths at debug level instead.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
    // Node's own 300 s request limit is replaced by Fastify's default of none; slow bodies and idle
    // sockets would otherwise hold connections open for as long as the sender likes.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node reads the request timeout only when the server is made (setting it later has no effect),
    // and checks it on this interval (30 s by default), which bounds how late it fires.
    // The headers alone get a shorter time than the whole request: a client that trickles header
    // lines in holds its slot for seconds, not for the body's time.
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.http.headersTimeoutMs),
    },
    // Off by default, so a client cannot name another address in X-Forwarded-For; with the hops listed,
    // request.ip is the real client behind them (Fastify reads X-Forwarded-For only as far as they go).
    trustProxy: config.trustedProxies.none ? false : (address) => config.trustedProxies.trusts(address),
    // `/workflows/` and `/api/v1//workflows` (a base URL joined with a slash too many) mean the obvious thing.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    frameworkErrors: (error, request, reply) => {
      openCorsForFrameworkError(request.url, reply);
      sendFrameworkError(error, request, reply);
    },
    clientErrorHandler: handleClientError,
  });

  app.server.maxConnections = config.http.maxConnections;
  limitConnectionsPerAddress(app.server, config.http.maxConnectionsPerAddress, config.trustedProxies);

  const queryAjv = makeValidatorAjv(true);
  const bodyAjv = makeValidatorAjv(false);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema));
  installErrorHandling(app);
  // Before the route table listens: the catch-all OPTIONS route of CORS would otherwise add OPTIONS
  // to every 405's Allow header.
  await registerCors(app);
  const routeTable = new RouteTable();
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => routeTable.add(route.method, route.url));
  app.decorateRequest('account', null);
  app.decorateRequest('apiKey', null);

  app.addHook('preParsing', (request, _reply, payload, done) => {
    // Compressed bodies would otherwise fail as "not valid JSON", which hides the real cause.
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      return done(new HttpError(415, `content-encoding ${encoding} is not supported; send the JSON body uncompressed`));
    }
    done(null, payload);
  });
  addApiHeaders(app);
  const prometheus =
    deps.metrics ?? (config.metricsToken ? new PrometheusMetrics(deps.local?.store.executions ?? null) : null);
  const metrics: Metrics = prometheus ?? noMetrics;
  if (prometheus) countRequests(app, prometheus);
  // Outside /api/v1 and in strict-v1 mode too: what watches the replicas needs it whatever the API mode.
  if (prometheus && config.metricsToken) metricsRoute(app, config.metricsToken, prometheus);
  if (deps.logger.isLevelEnabled('debug')) {
    app.addHook('onResponse', (request, reply, done) => {
      // Paths only: a file link's query string is a credential.
      request.log.debug(
        { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: reply.elapsedTime },
        'request',
      );
      done();
    });
  }

  healthRoutes(app, {
    readiness: deps.readiness ?? new Readiness(),
    store: deps.local?.store ?? null,
    logger: deps.logger,
  });
  if (config.upstream) {
    upstreamRoutes(app, config.upstream);
  } else {
    const local = deps.local;
    if (!local) throw new Error('the local service needs a store and an engine unless WORKFLOW_UPSTREAM is set');
    const ctx: LocalContext = {
      config,
      store: local.store,
      engine: local.engine,
      presenter: new Presenter(config.publicUrl, local.signer, config.strictV1),
      inputs: new InputValidators(),
      results: new ResultCache(),
      terminal: new TerminalExecutions(),
      metrics,
    };
    // Runs the cleaner deleted must answer 404, not their remembered answer.
    local.engine.retention.onDeleted((ids) => {
      ctx.terminal?.forgetExecutions(ids);
      ctx.results.forgetExecutions(ids);
    });
    // Only JSON bodies are accepted; anything else gets a 415 rather than a confusing type error.
    app.removeContentTypeParser('text/plain');
    // Strict-v1 mode offers nothing beyond v1: no contract document and no dev-key convenience.
    if (!config.strictV1) openApiRoute(app);
    // Other replicas may share a PostgreSQL store, so there the limits are counted in it.
    const windows = local.store.shared ? storeWindows(local.store) : null;
    localApi(app, ctx, new KeyResolver(local.store, clock, metrics), {
      perKey: new RateLimiter(config.rateLimitPerMinute, clock, windows && { windows, scope: 'key' }),
      perAccount: new RateLimiter(config.accountRateLimitPerMinute, clock, windows && { windows, scope: 'account' }),
      failures: new RateLimiter(config.keyFailuresPerMinute, clock, windows && { windows, scope: 'address' }),
    });
    fileRoutes(app, local.store, local.signer);
    if (!config.strictV1) devKeyRoute(app, local.devKey);
  }

  if (deps.vite) {
    viteRoutes(app, deps.vite);
    app.setNotFoundHandler(sendNoRoute);
  } else {
    // The list drawn into the HTML reads the local API; strict-v1 mode offers nothing beyond v1.
    await spaRoutes(app, deps.distDir ?? resolve('dist'), { drawFirstPage: !config.strictV1 && !config.upstream });
  }
  return app;
}
