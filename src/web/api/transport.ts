import {
  CorsBlockedError,
  NetworkError,
  NotConnectedError,
  ServerError,
  errorFromResponse,
  isAbortError,
  isApiError,
} from './errors';
import { keyStatus } from './key-status';
import { getScheduler, type Priority, type RequestScheduler } from './scheduler';

export interface CallOptions {
  signal?: AbortSignal;
  priority?: Priority;
}

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof globalThis.fetch;
  scheduler?: RequestScheduler;
  /** The page's origin, to tell a CORS refusal from an unreachable server. */
  pageOrigin?: string;
}

/** What one call answered: the body (still to be checked against the contract) and its status. */
export interface Answer {
  data: unknown;
  status: number;
}

type CallInit = { headers: Record<string, string>; signal?: AbortSignal; fetch: (r: Request) => Promise<Response> };
type Outcome = { data?: unknown; error?: unknown; response: Response };
/** What one request sends: the row's path parameters, query and JSON body (see ./operation-rows). */
type RowRequest = CallInit & {
  params: { path?: Record<string, string>; query?: Record<string, unknown> };
  body?: unknown;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The URL of a row's path: `{name}` filled with its encoded parameter, the query's set values
 * appended in order (`name=value`, encoded; undefined and null left out). openapi-fetch wrote URLs
 * this way before this file replaced it (12 kB of the first page's JavaScript for one function).
 */
function requestUrl(baseUrl: string, path: string, params: RowRequest['params']): string {
  const filled = path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = params.path?.[name];
    return value === undefined || value === null ? whole : encodeURIComponent(value);
  });
  const search = Object.entries(params.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`)
    .join('&');
  return `${baseUrl}${filled}${search ? `?${search}` : ''}`;
}

/** The body of an answer: JSON when it has one (an error's may be plain text), none for 204 or an empty one. */
async function readAnswer(response: Response): Promise<Outcome> {
  const length = response.headers.get('content-length');
  if (response.status === 204 || length === '0')
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  const text = await response.text();
  if (response.ok) return { data: text ? JSON.parse(text) : undefined, response };
  try {
    return { error: JSON.parse(text), response };
  } catch {
    return { error: text, response };
  }
}

/** True when the base URL points at another origin than the page, where CORS applies. */
export function isCrossOrigin(baseUrl: string, pageOrigin: string | undefined): boolean {
  if (!pageOrigin) return false;
  try {
    return new URL(baseUrl, pageOrigin).origin !== pageOrigin;
  } catch {
    return false;
  }
}

/**
 * The way every request goes out: to the path of its row in ./operations (which the contract's
 * `paths` type), sent through the request scheduler, and failing with exactly one typed error from ./errors.
 */
export function createTransport(config: ClientConfig) {
  const baseUrl = trimSlash(config.baseUrl);
  const baseFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const scheduler = config.scheduler ?? getScheduler();
  const pageOrigin = config.pageOrigin ?? (typeof location === 'undefined' ? undefined : location.origin);
  /** One request of a row: a JSON body when it has one, through the scheduled fetch of `init`. */
  const api = {
    async request(method: string, path: string, init: RowRequest): Promise<Outcome> {
      const headers = { ...init.headers, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) };
      const request = new Request(requestUrl(baseUrl, path, init.params), {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
      return readAnswer(await init.fetch(request));
    },
  };

  const scheduledFetch =
    (priority: Priority) =>
    (request: Request): Promise<Response> =>
      scheduler.schedule(priority, () => baseFetch(request.clone()), { signal: request.signal });

  const transportError = (error: unknown): unknown => {
    if (isAbortError(error) || isApiError(error)) return error;
    if (error instanceof TypeError) {
      return isCrossOrigin(baseUrl, pageOrigin) ? new CorsBlockedError(baseUrl) : new NetworkError();
    }
    if (error instanceof SyntaxError) return new ServerError('The server sent an answer that is not JSON.');
    return error;
  };

  const headers = (): Record<string, string> => {
    if (!config.apiKey) throw new NotConnectedError();
    return { 'x-api-key': config.apiKey };
  };

  /** Runs one request: the answer of any 2xx status, or a typed error. */
  async function call(
    options: CallOptions | undefined,
    defaultPriority: Priority,
    run: (init: CallInit) => Promise<Outcome>,
  ): Promise<Answer> {
    const init = {
      headers: headers(),
      signal: options?.signal,
      fetch: scheduledFetch(options?.priority ?? defaultPriority),
    };
    let outcome: Outcome;
    try {
      outcome = await run(init);
    } catch (error) {
      throw transportError(error);
    }
    const { status } = outcome.response;
    const error = outcome.response.ok ? null : errorFromResponse(status, outcome.error, outcome.response.headers);
    keyStatus.answered(init.headers['x-api-key']!, status, error?.message ?? null);
    if (error !== null) throw error;
    return { data: outcome.data, status };
  }

  /** GET without the key, for the contract document (public, and asked for before any key works). */
  async function getPublic(path: string, options?: CallOptions): Promise<Response> {
    return scheduler.schedule(
      options?.priority ?? 'visible',
      () => baseFetch(`${baseUrl}${path}`, { signal: options?.signal }),
      { signal: options?.signal },
    );
  }

  return { baseUrl, api, call, getPublic };
}
