import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNoRoute, shownPath } from './no-route';
import { addDashboardSecurityHeaders, routedPath } from './security-headers';

/** Connect-style middleware, as Vite's dev server exposes it. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Paths the dashboard never owns, judged as the router reads them (`//files/…` is `/files/…`). */
const isServicePath = (url: string): boolean => {
  const path = routedPath(url);
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/files/') || path.startsWith('/__dev/');
};

const wantsHtml = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');

const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Workflow dashboard — not built yet</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem}code{background:#eee;padding:.1rem .3rem;border-radius:.2rem}</style></head>
<body>
<h1>The dashboard is not built yet</h1>
<p>The API is running at <code>/api/v1</code>. To serve the dashboard here, run <code>npm run build</code> and restart,
or use <code>npm start</code>, which builds when needed. For development with hot reload, run <code>npm run dev</code>.</p>
</body>
</html>
`;

/**
 * Serves the built SPA from `distDir`, falling back to index.html for client-side routes; with
 * no build, `/` explains how to make one. Unknown service paths still answer `{error}` JSON.
 */
export async function spaRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  addDashboardSecurityHeaders(app, (path) => !isServicePath(path));
  if (built) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: 'index.html' });
  } else {
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PLACEHOLDER));
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!isServicePath(request.url) && wantsHtml(request)) {
      if (built) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    }
    return sendNoRoute(request, reply);
  });
}

/** Dev mode: every dashboard request goes to Vite (HMR, transforms, SPA fallback) on the same origin. */
export function viteRoutes(app: FastifyInstance, middlewares: Middleware): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isServicePath(request.url)) return done();
    reply.hijack();
    middlewares(request.raw, reply.raw, (error) => {
      if (reply.raw.headersSent) return;
      reply.raw.statusCode = error ? 500 : 404;
      reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
      reply.raw.end(
        JSON.stringify({
          error: error ? 'internal server error' : `no route ${request.method} ${shownPath(request.url)}`,
        }),
      );
    });
  });
}
