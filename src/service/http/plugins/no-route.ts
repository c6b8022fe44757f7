import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The routes this app serves, for 405 answers (see RouteTable). */
    routeTable?: RouteTable;
  }
}

// Long enough for every real route (an approval path is about 130 characters).
const MAX_PATH_SHOWN = 200;

/** A path for an error message, cut short: a 5,000-character segment helps no one read it. */
export function shownPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.length > MAX_PATH_SHOWN ? `${path.slice(0, MAX_PATH_SHOWN)}…` : path;
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** `:workflowId`-style parameters hold UUIDs, so `…/executions/cancel` is not an execution's path. */
const segmentMatches = (pattern: string, segment: string | undefined): boolean =>
  pattern.startsWith(':')
    ? segment !== undefined && (!pattern.endsWith('Id') || UUID.test(segment))
    : pattern === segment;

/** Route patterns and their methods, so a known path asked with the wrong method gets 405 and Allow. */
export class RouteTable {
  private readonly routes: Array<{ segments: string[]; methods: Set<string> }> = [];

  add(methods: string | string[], url: string): void {
    const segments = segmentsOf(url);
    const key = segments.join('/');
    let route = this.routes.find((r) => r.segments.join('/') === key);
    if (!route) {
      route = { segments, methods: new Set() };
      this.routes.push(route);
    }
    for (const method of [methods].flat()) route.methods.add(method);
  }

  /** The methods some route allows on `path` (`:param` matches one segment, `*` the rest). */
  allowed(path: string): string[] {
    const asked = segmentsOf(path);
    const methods = new Set<string>();
    for (const route of this.routes) {
      const matches =
        route.segments.at(-1) === '*'
          ? asked.length >= route.segments.length - 1 &&
            route.segments.slice(0, -1).every((s, i) => segmentMatches(s, asked[i]))
          : asked.length === route.segments.length && route.segments.every((s, i) => segmentMatches(s, asked[i]));
      if (matches) for (const method of route.methods) methods.add(method);
    }
    return [...methods].sort();
  }
}

/** The answer for a path no route serves: 405 with Allow when the path is served for other methods. */
export function sendNoRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = shownPath(request.url);
  const allowed =
    request.server.routeTable?.allowed(request.url.split('?')[0] ?? '').filter((method) => method !== 'OPTIONS') ?? [];
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed[0];
    return reply
      .code(405)
      .header('Allow', allowed.join(', '))
      .type('application/json; charset=utf-8')
      .send({ error: `method ${request.method} is not allowed on ${path}; use ${list}` });
  }
  return reply
    .code(404)
    .type('application/json; charset=utf-8')
    .send({ error: `no route ${request.method} ${path}` });
}
