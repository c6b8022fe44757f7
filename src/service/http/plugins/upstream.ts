import type { IncomingHttpHeaders } from 'node:http';
import { fastifyReplyFrom } from '@fastify/reply-from';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Request headers the upstream needs; everything else (cookies, hop-by-hop) stays here. Host and
 * content-length are the ones the proxy plugin sets for the upstream request.
 */
const FORWARD_REQUEST = ['x-api-key', 'content-type', 'accept', 'if-none-match', 'host', 'content-length'];
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
function upstreamTarget(upstream: string, requestUrl: string): URL | null {
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

/** Keeps the named headers of `headers`, in the lower-case form Node gives them. */
function pick(headers: IncomingHttpHeaders, names: readonly string[]): IncomingHttpHeaders {
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

/**
 * The X-Forwarded-For this service vouches for: the client it saw, after the chain of trusted hops
 * before it (WORKFLOW_TRUSTED_PROXIES); whatever an untrusted client wrote there is dropped.
 */
function forwardedFor(request: FastifyRequest): string {
  // request.ips (nearest first) exists only when trustProxy is set.
  return request.ips ? [...request.ips].reverse().join(', ') : request.ip;
}

/** Response headers as this service sends them: only the forwarded ones, and never runnable as a page. */
function answerHeaders(upstreamHeaders: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers = pick(upstreamHeaders, FORWARD_RESPONSE);
  const type = headers['content-type'];
  if (typeof type === 'string' && PAGE_TYPES.test(type)) headers['content-type'] = 'text/plain; charset=utf-8';
  const upstreamCsp = headers['content-security-policy'];
  // Both policies apply when a response carries two, so the upstream's stays in force beside ours.
  headers['content-security-policy'] = upstreamCsp ? [upstreamCsp, DATA_ONLY_CSP].flat() : DATA_ONLY_CSP;
  headers['x-content-type-options'] = 'nosniff';
  return headers;
}

/**
 * Proxies /api/v1/* to another v1 server (WORKFLOW_UPSTREAM), so the dashboard reaches it from
 * one origin without CORS. The key passes through per request: never stored, never logged.
 */
export function upstreamRoutes(app: FastifyInstance, upstream: string, timeoutMs = 60_000): void {
  app.register(async (scope) => {
    await scope.register(fastifyReplyFrom, {
      base: new URL(upstream).origin,
      // The plugin's default (tls.rejectUnauthorized false) trusts any certificate; the key must only
      // ever reach the real upstream. Undici reads `connect` after `tls`, so this one wins.
      undici: { connect: { rejectUnauthorized: true } },
      // Per-request lines would log every path; failures are logged once, in onError.
      disableRequestLogging: true,
      destroyAgent: true,
    });
    // Bodies are forwarded byte for byte; the upstream judges them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.all('/api/v1/*', (request, reply) => {
      const target = upstreamTarget(upstream, request.url);
      if (!target)
        throw new HttpError(
          400,
          'the request path is not valid: dot segments, backslashes and encoded slashes are not allowed',
        );
      const hasBody = METHODS_WITH_BODY.has(request.method) && Buffer.isBuffer(request.body);
      return reply.from(target.pathname, {
        // The query goes as the client wrote it; the plugin would otherwise decode and re-check it.
        queryString: () => target.search.slice(1),
        ...(hasBody
          ? { body: request.body, contentType: request.headers['content-type'] ?? 'application/octet-stream' }
          : {}),
        // The client's address lets an upstream that trusts this service count failed keys per client.
        rewriteRequestHeaders: (_request, headers) => ({
          ...pick(headers, FORWARD_REQUEST),
          'x-forwarded-for': forwardedFor(request),
        }),
        rewriteHeaders: answerHeaders,
        // The upstream answers as it chose (a 503 included); this service never asks twice.
        retryDelay: () => null,
        timeout: timeoutMs,
        onError: (failed, { error }) => {
          request.log.warn({ err: error, upstream }, 'upstream unreachable');
          failed.send(
            new HttpError(
              502,
              `the upstream v1 service at ${upstream} did not answer; check WORKFLOW_UPSTREAM and try again`,
            ),
          );
        },
      });
    });
  });
}
