import createClient from 'openapi-fetch';
import type { paths } from '@contract/api-types';
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

const trimSlash = (url: string) => url.replace(/\/+$/, '');

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
 * The way every request goes out: typed by openapi-fetch from the generated `paths`, sent through
 * the request scheduler, and failing with exactly one typed error from ./errors.
 */
export function createTransport(config: ClientConfig) {
  const baseUrl = trimSlash(config.baseUrl);
  const baseFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const scheduler = config.scheduler ?? getScheduler();
  const pageOrigin = config.pageOrigin ?? (typeof location === 'undefined' ? undefined : location.origin);
  const api = createClient<paths>({ baseUrl });

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

  /** Runs one openapi-fetch call: the answer of any 2xx status, or a typed error. */
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
