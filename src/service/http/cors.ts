import { fastifyCors, type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';

const EXPOSED_HEADERS = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Content-Disposition',
];

/** Keys travel in a header and file links are bearer capabilities, so any origin may call these. */
const isOpenPath = (url: string): boolean => url.startsWith('/api/') || url.startsWith('/files/');

const OPEN: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  exposedHeaders: EXPOSED_HEADERS,
  // No allowedHeaders: a preflight is granted the headers it asks for, so clients may add their own
  // (tracing ids, cache-control); nothing rides on cookies, so no header grants more than the key does.
  maxAge: 600,
  // Every OPTIONS under an open path is a preflight, even from a tool that leaves out Origin.
  strictPreflight: false,
};

/** Open CORS on the API and file links; the dashboard's own pages stay same-origin. */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCors, {
    delegator: (request, callback) => callback(null, isOpenPath(request.url) ? OPEN : { origin: false }),
  });
}

/**
 * Framework errors (a path with broken percent-encoding) are answered before any hook runs, so the
 * CORS plugin never sees them; they carry the same open headers so a browser can read the error.
 */
export function openCorsForFrameworkError(url: string, reply: FastifyReply): void {
  if (!isOpenPath(url)) return;
  reply.header('Access-Control-Allow-Origin', '*');
  reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
}
