import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../../contract/limits';
import type { TooManyReason } from '../../metrics/metrics';
import { describeRequestError } from './request-messages';
import { isDatabaseUnavailable } from '../../store/db/database-errors';

/** An error whose message is meant for the client, with the status that goes with it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** A 429, with the limit that gave it (counted on /metrics). */
export class TooManyRequests extends HttpError {
  constructor(
    readonly reason: TooManyReason,
    message: string,
  ) {
    super(429, message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

/** Joins messages, listing at most `max` and counting the rest, so a bad 10,000-row batch stays readable. */
export function joinMessages(messages: string[], max = 20): string {
  const shown = messages.slice(0, max).join('; ');
  return messages.length > max ? `${shown}; and ${messages.length - max} more` : shown;
}

const PARSER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, `request body is larger than ${LIMITS.maxBodyBytes / 1024 / 1024} MB`],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'content-type must be application/json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'request body size does not match its Content-Length'],
};

const UNAVAILABLE_MESSAGE = 'the database is unavailable just now; try again in a few seconds';
export const UNAVAILABLE_RETRY_SECONDS = 5;

function classify(error: FastifyError): [number, string] {
  if (error instanceof HttpError) return [error.statusCode, error.message];
  if (isDatabaseUnavailable(error)) return [503, UNAVAILABLE_MESSAGE];
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
function redactUrl(url: string): string {
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
    if (status === 503) reply.header('Retry-After', String(UNAVAILABLE_RETRY_SECONDS));
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
