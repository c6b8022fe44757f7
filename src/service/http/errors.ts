import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../contract/limits';

/** An error whose message is meant for the client, with the status that goes with it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** `input` + `/company/0/name` → `input.company[0].name`. */
export function dataPath(prefix: string, instancePath: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => {
    if (/^\d+$/.test(part)) return `${path}[${part}]`;
    if (/^[A-Z_$][\w$]*$/i.test(part)) return path ? `${path}.${part}` : part;
    return `${path}[${JSON.stringify(part)}]`;
  }, prefix);
}

/** `input.website: must match format "uri"`, one entry per ajv error. */
export function describeAjvError(prefix: string, error: ErrorObject): string {
  const path = dataPath(prefix, error.instancePath);
  if (error.keyword === 'additionalProperties') {
    return `${path}: must not have property '${(error.params as { additionalProperty: string }).additionalProperty}'`;
  }
  return `${path}: ${error.message ?? 'is not valid'}`;
}

/** Joins messages, listing at most `max` and counting the rest, so a bad 10,000-row batch stays readable. */
export function joinMessages(messages: string[], max = 20): string {
  const shown = messages.slice(0, max).join('; ');
  return messages.length > max ? `${shown}; and ${messages.length - max} more` : shown;
}

const FIXED_MESSAGES: Record<string, string> = {
  'querystring/limit': `limit must be an integer from 1 to ${LIMITS.maxPageSize}`,
  'querystring/cursor': 'cursor must be a created_at timestamp from a previous page',
  'params/workflowId': 'workflowId must be a UUID',
  'params/executionId': 'executionId must be a UUID',
  'body/items': `items must contain between 1 and ${LIMITS.maxBatchItems} objects`,
  'body/concurrency': 'concurrency must be one of low, medium, high',
  'body/input': 'input must be an object',
  'body/approved': 'approved must be true or false',
  'body/comment': 'comment must be a string of at most 2000 characters',
  'body/name': 'name must be a string of at most 200 characters',
  'body/description': 'description must be a string of at most 2000 characters',
  'body/batch_id': 'batch_id must be a UUID',
  'body/execution_ids': `execution_ids must be a list of 1 to ${LIMITS.maxBatchItems} execution ids (UUIDs)`,
  'body/reason': 'reason must be a string of at most 500 characters',
};

function describeBodyError(error: ErrorObject): string | null {
  const path = error.instancePath;
  if (path === '' && error.keyword === 'required') {
    return `${(error.params as { missingProperty: string }).missingProperty} is required`;
  }
  if (path === '' && error.keyword === 'additionalProperties') {
    return `unknown property '${(error.params as { additionalProperty: string }).additionalProperty}' in the request body`;
  }
  if (path === '' && error.keyword === 'type') return 'request body must be a JSON object';
  if (path === '/prompt') {
    if (error.keyword === 'minLength') return 'prompt must not be empty';
    if (error.keyword === 'maxLength') return 'prompt must be at most 20000 characters';
    return 'prompt must be a string';
  }
  const item = /^\/items\/(\d+)$/.exec(path);
  if (item) return `items[${item[1]}] must be an object`;
  return null;
}

/** Turns ajv's errors for one part of a request into one sentence a person can act on. */
export function describeRequestError(errors: ErrorObject[], part: string): string {
  // anyOf wraps an optional body; its own "must match a schema in anyOf" adds nothing.
  const useful = errors.filter(
    (e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && (e.params as { type?: string }).type === 'null'),
  );
  const error = useful[0] ?? errors[0];
  if (!error) return `the ${part} is not valid`;
  const field = error.instancePath.split('/')[1] ?? '';
  const fixed = FIXED_MESSAGES[`${part}/${field}`];
  if (part === 'body') {
    const special = describeBodyError(error);
    if (special) return special;
  }
  if (fixed) return fixed;
  return describeAjvError(part === 'body' ? 'body' : part, error);
}

const PARSER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, `request body is larger than ${LIMITS.maxBodyBytes / 1024 / 1024} MB`],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'content-type must be application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request body size does not match its Content-Length'],
};

function classify(error: FastifyError): [number, string] {
  if (error instanceof HttpError) return [error.statusCode, error.message];
  if (error.validation) return [400, error.message];
  const known = error.code ? PARSER_ERRORS[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError && error.statusCode === 400) return [400, 'request body is not valid JSON'];
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return [status, error.message];
  return [500, 'internal server error'];
}

/**
 * How much of an oversized body is read and thrown away so its sender can see the 413: enough for a
 * body up to twice the limit, and short, since in proxy mode anyone can send one. A sender past it
 * sees the connection close instead.
 */
export const DRAIN_LIMIT = { bytes: LIMITS.maxBodyBytes, ms: 5_000 };

/**
 * Reads and discards the rest of a request body, up to a bound. A client still uploading when the
 * server answers and closes the connection (as it must after a 413) sees a broken pipe instead of
 * the answer in most HTTP clients, browsers and Node's fetch included.
 */
export function drainRequestBody(raw: IncomingMessage, limit = DRAIN_LIMIT): Promise<void> {
  if (raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      // Read nothing more; the connection closes after the answer.
      raw.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit.bytes) finish();
    };
    const timer = setTimeout(finish, limit.ms);
    raw.on('data', onData).once('end', finish).once('error', finish).once('close', finish);
    raw.resume();
  });
}

/** A URL for the log: a file link's signature is a credential, so its value is replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => (/^signature=/i.test(pair) ? 'signature=[redacted]' : pair))
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/** One place that turns every failure into `{error}`; server faults are logged and never described. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setSchemaErrorFormatter((errors, part) => new Error(describeRequestError(errors, part)));
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const [status, message] = classify(error);
    if (status >= 500)
      request.log.error(
        { err: error, method: request.method, url: redactUrl(request.url), reqId: request.id },
        'request failed',
      );
    if (status === 413) await drainRequestBody(request.raw);
    return reply.code(status).type('application/json; charset=utf-8').send({ error: message });
  });
}

const FRAMEWORK_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'the request path is not valid: fix its percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'the request path has a segment that is too long',
};

/** Requests the router cannot even match (bad percent-encoding, absurd segments) still get `{error}`. */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = (error.code && FRAMEWORK_ERRORS[error.code]) ?? 'the request could not be routed';
  void reply.code(400).type('application/json; charset=utf-8').send({ error: message });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request timed out before it was complete'],
};

/** Malformed HTTP (no request object exists yet) answered as `{error}` JSON like everything else. */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = (error.code && CLIENT_ERRORS[error.code]) ?? [400, 'malformed HTTP request'];
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

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
