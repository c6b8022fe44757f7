import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequests } from '../../plugins/errors';
import type { Metrics } from '../../../metrics/metrics';
import type { PrometheusMetrics } from '../../../metrics/prometheus';

/** The label of requests no route matched, so unknown URLs cannot add series of their own. */
const UNMATCHED = 'unmatched';

const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? UNMATCHED;

/** The methods HTTP clients send; any other (Node parses dozens, and any token for some) is counted as `other`. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string): string => (KNOWN_METHODS.has(method) ? method : 'other');

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Counts every answered request by route pattern, method and status with its time, and each 429 by
 * the limit that gave it. Registered before the routes, so it sees them all.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(routeOf(request), methodLabel(request.method), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof TooManyRequests) metrics.tooMany(routeOf(request), error.reason);
    done();
  });
}

/**
 * GET /metrics (a local extension outside /api/v1, there in strict-v1 mode too, as a load balancer's
 * checks are): the Prometheus text, for `Authorization: Bearer <token>` only. The token is compared
 * by digest in constant time, so the answer's timing says nothing about how much of it was right.
 */
export function metricsRoute(app: FastifyInstance, token: string, metrics: PrometheusMetrics): void {
  const expected = digest(token);
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return reply.code(401).send({
        error: match
          ? 'wrong metrics token: send the one set in WORKFLOW_METRICS_TOKEN'
          : 'missing metrics token: send it as Authorization: Bearer <token> (WORKFLOW_METRICS_TOKEN)',
      });
    }
    reply.header('Cache-Control', 'no-store');
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}
