import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import type { Store } from '../../../store/store';

/** Whether this replica still wants new traffic: no from the moment it starts shutting down. */
export class Readiness {
  private drainingNow = false;

  /** From now on /readyz answers 503, so a load balancer sends new requests elsewhere. */
  drain(): void {
    this.drainingNow = true;
  }

  get draining(): boolean {
    return this.drainingNow;
  }
}

/** The reasons /readyz gives, in an operator's words. */
export const NOT_READY = {
  draining: 'This replica is shutting down',
  database: 'The database is not answering',
  schema: "The database's schema is older than this service (its migrations have not run)",
} as const;

/** Under a load balancer's usual 2 s check timeout, so a hung database gives a 503, not a timed-out check. */
export const READY_CHECK_TIMEOUT_MS = 1_500;

/** A check still waiting after this long is abandoned and a new one starts. */
const STALE_CHECK_MS = 10_000;

export interface HealthDeps {
  readiness: Readiness;
  /** Null in proxy mode (WORKFLOW_UPSTREAM): there readiness is only "not draining". */
  store: Store | null;
  logger: Logger;
  timeoutMs?: number;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * GET /healthz (the process answers) and GET /readyz (it should get traffic): outside /api/v1, with
 * no key and in every API mode, since a load balancer needs them whatever the API offers.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  const timeoutMs = deps.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  // One check at a time: a load balancer polling a hung database must not fill the pool with waiting
  // queries. One left hanging for long (a connection lost without a reset) is given up for a new one.
  let inFlight: Promise<string | null> | null = null;
  let inFlightSince = 0;
  let lastProblem: string | null = null;

  const storeProblem = async (store: Store): Promise<string | null> => {
    try {
      return (await store.pendingMigrations()) > 0 ? NOT_READY.schema : null;
    } catch (error) {
      deps.logger.debug({ err: error }, 'readiness check failed');
      return NOT_READY.database;
    }
  };

  const check = async (): Promise<string | null> => {
    if (deps.readiness.draining) return NOT_READY.draining;
    if (!deps.store) return null;
    const store = deps.store;
    if (!inFlight || Date.now() - inFlightSince > STALE_CHECK_MS) {
      const started = storeProblem(store).finally(() => {
        if (inFlight === started) inFlight = null;
      });
      inFlight = started;
      inFlightSince = Date.now();
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(NOT_READY.database), timeoutMs);
    });
    try {
      return await Promise.race([inFlight, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  };

  app.get('/healthz', async (_request, reply) => {
    noStore(reply);
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    const problem = await check();
    // Logged when the answer changes, not on every poll of the load balancer.
    if (problem !== lastProblem) {
      if (problem) deps.logger.warn({ reason: problem }, 'not ready');
      else if (lastProblem) deps.logger.info('ready again');
      lastProblem = problem;
    }
    noStore(reply);
    if (problem) return reply.code(503).send({ error: problem });
    return { status: 'ready' };
  });
}
