import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aroundHost, EMPTY_HOST, firstPageHost, listKeyOf, loadFirstPageRender } from './first-page';
import { builtIndex, type BuiltIndex } from './index-scripts';
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
 * With `drawFirstPage` (the ListKeyCookie extension), the list's pages may carry their first page
 * (./first-page.ts).
 */
export async function spaRoutes(
  app: FastifyInstance,
  distDir: string,
  { drawFirstPage }: { drawFirstPage: boolean },
): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  const index = builtIndex(distDir);
  addDashboardSecurityHeaders(
    app,
    (path) => !isServicePath(path),
    (recheck) => index(recheck).scriptHashes,
  );
  if (built) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
    await listPages(app, distDir, drawFirstPage, index);
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

/**
 * `/` and `/workflows` (the list, the first page of most visits): index.html, with the list's first
 * page in it when the navigation carries a remembered key's cookie and nothing filters the list.
 */
async function listPages(
  app: FastifyInstance,
  distDir: string,
  drawFirstPage: boolean,
  index: (recheck?: boolean) => BuiltIndex,
): Promise<void> {
  const render = drawFirstPage ? await loadFirstPageRender(distDir) : null;
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    // The answer depends on the cookie: a shared cache must not give one visitor's list to another.
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
    const key =
      render && request.method === 'GET' && wantsHtml(request) && !request.url.includes('?')
        ? listKeyOf(request.headers.cookie)
        : null;
    // The file as it is now (read again when it changes): a build made while the service runs is the one served.
    const html = key === null ? null : index().html;
    const parts = html === null ? null : aroundHost(html);
    if (!render || !parts || key === null)
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
    // The head goes at once, so the browser fetches the styles and scripts while the list is read.
    const page = new PassThrough();
    page.write(parts.head);
    void firstPageHost(app, request, key, render)
      .catch(() => EMPTY_HOST)
      .then((host) => page.end(host + parts.tail));
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
  };
  app.get('/', serveIndex);
  app.get('/workflows', (request, reply) =>
    wantsHtml(request) ? serveIndex(request, reply) : sendNoRoute(request, reply),
  );
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
