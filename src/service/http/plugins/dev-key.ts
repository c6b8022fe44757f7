import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendNoRoute } from './no-route';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Host header values that name this machine, optionally with a port. */
const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/**
 * Loopback socket, loopback Host and no proxy in between: a DNS-rebinding page reaches us from
 * loopback but with its own Host, and a reverse proxy on this machine says so in its headers.
 */
function isLocalCaller(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  if (!LOOPBACK_HOST.test(request.headers.host ?? '')) return false;
  return !Object.keys(request.headers).some((name) => name === 'forwarded' || name.startsWith('x-forwarded-'));
}

/**
 * Local-only convenience: the dashboard's dev mode pre-fills the key the service generated for
 * itself. It answers only loopback callers that name a loopback Host and come through no proxy, and only when the service made the key (no
 * WORKFLOW_API_KEYS), so a configured or deployed service never reveals one.
 */
export function devKeyRoute(app: FastifyInstance, devKey: () => string | null): void {
  app.get('/__dev/key', async (request, reply) => {
    const key = devKey();
    if (!key || !isLocalCaller(request)) return sendNoRoute(request, reply);
    return reply.header('Cache-Control', 'no-store').send({ key });
  });
}
