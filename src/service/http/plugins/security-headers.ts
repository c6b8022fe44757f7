import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the dashboard (its HTML and its assets). Each relaxation, and why:
 * - script-src 'unsafe-eval': @rjsf/validator-ajv8 (the validator the run form was specified with)
 *   and the batch check compile each workflow's input_schema into a validator with `new Function`.
 *   Nothing else: no other origin (index.html loads only files of this origin), and of inline scripts
 *   only those of index.html itself, by their hashes (the first-paint boot script, ./index-scripts.ts).
 * - style-src 'unsafe-inline': React `style` attributes (virtualized grids place their rows with
 *   them) and the inline styles of a result's HTML in the sandboxed srcdoc preview, which inherits
 *   this policy on top of its own. Styles cannot run code.
 * - connect-src and img-src http: https:: a profile may point at any v1 server, and result files
 *   come from presigned links on whatever host that server names, so they cannot be listed ahead.
 *   Markdown previews load remote images only after a click on "Show images from this file".
 * - frame-src blob:: the PDF preview frames a blob: of the file's bytes once it has checked they are a
 *   PDF, never the file's link, so no other origin is framed.
 * - worker-src 'self' blob:: the CSV and spreadsheet parsers are worker files of this origin, but
 *   write-excel-file compresses a spreadsheet over about 160 KB through fflate, which starts its
 *   worker from a blob: URL and fails silently without it (the XLSX download of a large batch did
 *   nothing). Such a worker runs under this page's policy, so it can load no script from elsewhere.
 */
export const dashboardCsp = (scriptHashes: readonly string[] = []): string =>
  [
    "default-src 'self'",
    ["script-src 'self' 'unsafe-eval'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self' https: http:",
    'frame-src blob:',
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export const DASHBOARD_CSP = dashboardCsp();

const DASHBOARD_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
};

/**
 * The path the router serves for `url`: no query, and doubled slashes collapsed as its
 * ignoreDuplicateSlashes does, so `//files/…` is judged as the `/files/…` it is routed to.
 */
export function routedPath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
}

/**
 * Adds the dashboard's security headers to every answer `applies` picks by its routed path (the SPA's
 * HTML and assets), its policy allowing the inline scripts `scriptHashes` names (asked to look at the
 * built page again only for an HTML answer). A policy the route set
 * itself stays: it knows what its answer is.
 */
export function addDashboardSecurityHeaders(
  app: FastifyInstance,
  applies: (path: string) => boolean,
  scriptHashes: (recheck: boolean) => readonly string[] = () => [],
): void {
  // Callback style: this runs on every answer, API ones included, and an async hook costs a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (applies(routedPath(request.url))) {
      reply.headers(DASHBOARD_SECURITY_HEADERS);
      if (!reply.hasHeader('content-security-policy'))
        // Only the page itself looks at the file again; an asset takes the last reading.
        reply.header(
          'content-security-policy',
          dashboardCsp(scriptHashes(String(reply.getHeader('content-type') ?? '').startsWith('text/html'))),
        );
    }
    done(null, payload);
  });
}

/**
 * API answers are data that carry signed file links: never sniffed into a page, never kept by a
 * browser or shared cache. A route that chose its own caching keeps it.
 */
export function addApiHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const path = routedPath(request.url);
    if (path === '/api' || path.startsWith('/api/')) {
      reply.header('x-content-type-options', 'nosniff');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
