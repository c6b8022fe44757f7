import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** Request headers the upstream needs; everything else (cookies, hop-by-hop) stays here. */
const FORWARD_REQUEST = ['x-api-key', 'content-type', 'accept', 'if-none-match'];
/** Response headers the dashboard reads: body type, rate limit and caching. */
const FORWARD_RESPONSE = [
  'content-type',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit-policy',
  'etag',
  'cache-control',
];

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function targetUrl(upstream: string, request: FastifyRequest): string {
  // request.url keeps the client's own encoding and query string, so they reach the upstream unchanged.
  return upstream + request.url.slice('/api/v1'.length);
}

/**
 * Proxies /api/v1/* to another v1 server (WORKFLOW_UPSTREAM), so the dashboard reaches it from
 * one origin without CORS. The key passes through per request: never stored, never logged.
 */
export function upstreamRoutes(app: FastifyInstance, upstream: string, timeoutMs = 60_000): void {
  app.register(async (scope) => {
    // Bodies are forwarded byte for byte; the upstream judges them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.all('/api/v1/*', async (request, reply) => {
      const headers: Record<string, string> = {};
      for (const name of FORWARD_REQUEST) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const hasBody = METHODS_WITH_BODY.has(request.method) && Buffer.isBuffer(request.body);
      let response: Response;
      try {
        response = await fetch(targetUrl(upstream, request), {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        request.log.warn({ err: error, upstream }, 'upstream unreachable');
        throw new HttpError(502, `the upstream v1 service at ${upstream} did not answer; check WORKFLOW_UPSTREAM and try again`);
      }
      reply.code(response.status);
      for (const name of FORWARD_RESPONSE) {
        const value = response.headers.get(name);
        if (value !== null) reply.header(name, value);
      }
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]));
    });
  });
}
