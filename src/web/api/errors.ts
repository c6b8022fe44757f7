/**
 * Typed API errors. The client throws exactly one of these for any failed call, so pages can
 * choose a message and an action (retry, go to settings, wait) without parsing strings.
 */

export abstract class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** Whether repeating the same request later may succeed. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** An ApiError class whose status and retry verdict are fixed and whose message has a default. */
const fixedError = (name: string, status: number, retryable: boolean, defaultMessage: string) =>
  class extends ApiError {
    override name = name;
    constructor(message = defaultMessage) {
      super(message, status, retryable);
    }
  };

export class UnauthorizedError extends fixedError('UnauthorizedError', 401, false, 'Your API key was rejected.') {}
export class NotFoundError extends fixedError('NotFoundError', 404, false, 'Not found.') {}
export class NetworkError extends fixedError('NetworkError', 0, true, 'The server could not be reached.') {}
export class NotConnectedError extends fixedError(
  'NotConnectedError',
  0,
  false,
  'No API key is set. Add one in Settings.',
) {}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
  /** 400, or the local statuses that also mean "the request itself is wrong" (409, 413). */
  constructor(message: string, status = 400) {
    super(message, status, false);
  }
}

export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';
  constructor(
    readonly retryAfterSeconds: number,
    message = `Rate limited, retrying in ${retryAfterSeconds} s.`,
  ) {
    super(message, 429, true);
  }
}

export class ServerError extends ApiError {
  override name = 'ServerError';
  constructor(message = 'The server failed to answer.', status = 500) {
    super(message, status, true);
  }
}

export class CorsBlockedError extends ApiError {
  override name = 'CorsBlockedError';
  constructor(
    readonly baseUrl: string,
    message = `The browser blocked the request to ${baseUrl} (CORS). Use the dashboard's same-origin proxy instead.`,
  ) {
    super(message, 0, false);
  }
}

/**
 * The server answered, but its answer broke the contract (a required field missing, an unknown
 * status). Reported rather than papered over, so a faulty server shows as faulty.
 */
export class ContractViolationError extends ApiError {
  override name = 'ContractViolationError';
  constructor(
    /** Where the answer went wrong, e.g. `executions[3].id missing`. */
    readonly problems: string[],
    status = 200,
    message = `The server's answer broke the contract: ${problems.join('; ')}.`,
  ) {
    super(message, status, false);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** Whether a thrown value is an AbortError from a cancelled fetch (never shown to users). */
export const isAbortError = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

/** Reads the `{error}` message of an error body, tolerating servers that send text or nothing. */
function messageFromBody(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const value = (body as { error?: unknown; message?: unknown }).error ?? (body as { message?: unknown }).message;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  if (typeof body === 'string' && body.trim() !== '' && body.length < 500) return body.trim();
  return fallback;
}

/** The AbortError a cancelled request rejects with, as fetch would. */
export function abortError(): Error {
  const e = new Error('The request was cancelled.');
  e.name = 'AbortError';
  return e;
}

/** Maps a non-2xx response to the matching typed error. */
export function errorFromResponse(status: number, body: unknown, headers: Headers): ApiError {
  switch (status) {
    case 401:
    case 403:
      return new UnauthorizedError(messageFromBody(body, 'Your API key was rejected.'));
    case 404:
      return new NotFoundError(messageFromBody(body, 'Not found.'));
    case 429: {
      const seconds = retryAfterSeconds(headers) ?? 60;
      return new RateLimitedError(seconds);
    }
    default:
      if (status >= 500) return new ServerError(messageFromBody(body, `The server failed (${status}).`), status);
      return new BadRequestError(messageFromBody(body, `The request was refused (${status}).`), status);
  }
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date), or RateLimit-Reset as a fallback. */
function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get('retry-after');
  if (raw !== null && raw.trim() !== '') {
    const n = Number(raw);
    if (Number.isFinite(n) && n >= 0) return Math.ceil(n);
    const date = Date.parse(raw);
    if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = Number(headers.get('ratelimit-reset') ?? NaN);
  if (Number.isFinite(reset) && reset >= 0) return Math.ceil(reset);
  return undefined;
}
