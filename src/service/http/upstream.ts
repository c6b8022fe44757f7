import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Request headers the upstream needs; everything else (cookies, hop-by-hop) stays here. */
const FORWARD_REQUEST = ['x-api-key', 'content-type', 'accept', 'if-none-match'];
/** Response headers the dashboard reads (body type, rate limit, caching) and the upstream's own protections. */
const FORWARD_RESPONSE = [
  'content-type',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit-policy',
  'etag',
  'cache-control',
];

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Answers of the v1 API are data: a browser must never run them as a page on this origin. */
const DATA_ONLY_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";
const PAGE_TYPES = /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The upstream URL for a request under /api/v1, or null when the path could leave the upstream's
 * prefix: dot segments (also percent-encoded), backslashes, encoded slashes, or anything but an
 * origin-form path. Built with URL and checked again after, so no spelling can reach another path.
 */
export function upstreamTarget(upstream: string, requestUrl: string): URL | null {
  if (!requestUrl.startsWith('/')) return null;
  const queryAt = requestUrl.indexOf('?');
  const path = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  const query = queryAt === -1 ? '' : requestUrl.slice(queryAt);
  if (path.includes('\\')) return null;
  // Empty segments mean nothing here, as in the router (`//api/v1/x`, `/api/v1//x`).
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments[0] !== 'api' || segments[1] !== 'v1') return null;
  const rest = segments.slice(2);
  for (const segment of rest) {
    const decoded = decodeSegment(segment);
    if (decoded === null || decoded === '.' || decoded === '..' || /[/\\]/.test(decoded)) return null;
  }
  const base = new URL(upstream);
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  const target = new URL(prefix + rest.join('/') + query, base.origin);
  if (target.origin !== base.origin || !(`${target.pathname}/`.startsWith(prefix) || target.pathname === base.pathname))
    return null;
  return target;
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
      const target = upstreamTarget(upstream, request.url);
      if (!target)
        throw new HttpError(
          400,
          'the request path is not valid: dot segments, backslashes and encoded slashes are not allowed',
        );
      const headers: Record<string, string> = {};
      for (const name of FORWARD_REQUEST) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const hasBody = METHODS_WITH_BODY.has(request.method) && Buffer.isBuffer(request.body);
      let response: Response;
      try {
        response = await fetch(target, {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        request.log.warn({ err: error, upstream }, 'upstream unreachable');
        throw new HttpError(
          502,
          `the upstream v1 service at ${upstream} did not answer; check WORKFLOW_UPSTREAM and try again`,
        );
      }
      reply.code(response.status);
      for (const name of FORWARD_RESPONSE) {
        const value = response.headers.get(name);
        if (value !== null) reply.header(name, value);
      }
      const type = response.headers.get('content-type');
      if (type !== null && PAGE_TYPES.test(type)) reply.header('content-type', 'text/plain; charset=utf-8');
      const upstreamCsp = response.headers.get('content-security-policy');
      // Both policies apply when a response carries two, so the upstream's stays in force beside ours.
      reply.header('content-security-policy', upstreamCsp ? [upstreamCsp, DATA_ONLY_CSP] : DATA_ONLY_CSP);
      reply.header('x-content-type-options', 'nosniff');
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]));
    });
  });
}
