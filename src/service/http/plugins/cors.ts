import type { FastifyInstance, FastifyReply } from 'fastify';

const EXPOSED_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Content-Disposition',
].join(', ');

/** Keys travel in a header and file links are bearer capabilities, so any origin may call these. */
const isOpenPath = (url: string): boolean => url.startsWith('/api/') || url.startsWith('/files/');

/**
 * Open CORS on the API and file links; the dashboard's own pages stay same-origin. The headers are
 * fixed strings set by one light hook (this runs on every request): every answer varies by Origin;
 * open paths allow any origin and expose the rate-limit headers. Every OPTIONS under an open path is
 * a preflight, even from a tool that leaves out Origin: it is granted the headers it asks for, so
 * clients may add their own (tracing ids, cache-control); nothing rides on cookies, so no header
 * grants more than the key does. (These are the answers @fastify/cors gave with the same options,
 * without building its options object again for each request.)
 */
export async function registerCors(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Vary', 'Origin');
    if (!isOpenPath(request.url)) return done();
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS') return done();
    reply.header('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
    reply.header('Vary', 'Origin, Access-Control-Request-Headers');
    const asked = request.headers['access-control-request-headers'];
    if (asked !== undefined) reply.header('Access-Control-Allow-Headers', asked);
    reply.header('Access-Control-Max-Age', '600');
    // Answered here, before the key check: a browser's preflight carries no key.
    reply.code(204).header('Content-Length', '0').send();
  });
  // Lets the router accept OPTIONS at all; preflights never get here, so anything else has no such route.
  app.options('*', (_request, reply) => {
    reply.callNotFound();
  });
}

/**
 * Framework errors (a path with broken percent-encoding) are answered before any hook runs, so the
 * CORS hook never sees them; they carry the same open headers so a browser can read the error.
 */
export function openCorsForFrameworkError(url: string, reply: FastifyReply): void {
  if (!isOpenPath(url)) return;
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
}
