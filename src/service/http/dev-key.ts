import type { FastifyInstance } from 'fastify';
import { sendNoRoute } from './errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Local-only convenience: the dashboard's dev mode pre-fills the key the service generated for
 * itself. It answers only loopback callers, and only when the service made the key (no
 * WORKFLOW_API_KEYS), so a configured or deployed service never reveals one.
 */
export function devKeyRoute(app: FastifyInstance, devKey: () => string | null): void {
  app.get('/__dev/key', async (request, reply) => {
    const key = devKey();
    if (!key || !LOOPBACK.has(request.socket.remoteAddress ?? '')) return sendNoRoute(request, reply);
    return reply.header('Cache-Control', 'no-store').send({ key });
  });
}
