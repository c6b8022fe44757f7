import { createApiClient } from '@/api/client';
import {
  CorsBlockedError,
  NetworkError,
  NotConnectedError,
  NotFoundError,
  UnauthorizedError,
  isApiError,
} from '@/api/errors';
import type { RequestScheduler } from '@/api/scheduler';
import type { ServiceInfo } from './server';

export type ConnectionVerdict =
  /** `service`: how the server plans workflows, where it says so (serviceInfo extension). */
  | { kind: 'ok'; message: string; service: ServiceInfo | null }
  | { kind: 'bad-key'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'cors'; message: string }
  | { kind: 'wrong-url'; message: string }
  | { kind: 'error'; message: string };

interface TestOptions {
  fetch?: typeof globalThis.fetch;
  scheduler?: RequestScheduler;
  pageOrigin?: string;
}

/** How the server plans, asked only where its contract document offers it; a failed answer says nothing. */
async function serviceOf(client: ReturnType<typeof createApiClient>): Promise<ServiceInfo | null> {
  try {
    const { serviceInfo } = await client.getServerCapabilities({ priority: 'user' });
    return serviceInfo ? await client.getServiceInfo({ priority: 'user' }) : null;
  } catch {
    return null;
  }
}

/** Asks the server for one workflow with the given settings and says, in words, what happened. */
export async function testConnection(
  baseUrl: string,
  apiKey: string,
  options: TestOptions = {},
): Promise<ConnectionVerdict> {
  let url: URL;
  try {
    url = new URL(baseUrl, options.pageOrigin ?? location.origin);
  } catch {
    return { kind: 'wrong-url', message: 'That base URL is not a valid address.' };
  }
  const client = createApiClient({ baseUrl: url.href, apiKey, ...options });
  try {
    await client.listWorkflows({ limit: 1 }, { priority: 'user' });
    return { kind: 'ok', message: 'Connected: the server accepted the key.', service: await serviceOf(client) };
  } catch (error) {
    if (error instanceof NotConnectedError) return { kind: 'bad-key', message: 'Enter an API key first.' };
    if (error instanceof UnauthorizedError) return { kind: 'bad-key', message: 'The server rejected this key.' };
    if (error instanceof CorsBlockedError) {
      return {
        kind: 'cors',
        message:
          'The browser blocked the request (CORS). Start the dashboard with WORKFLOW_UPSTREAM=' +
          `${url.href.replace(/\/$/, '')} npm start and use this page's own /api/v1 instead.`,
      };
    }
    if (error instanceof NetworkError) return { kind: 'unreachable', message: `Nothing answered at ${url.host}.` };
    if (error instanceof NotFoundError) {
      return {
        kind: 'wrong-url',
        message: 'The server answered, but has no workflows API there. The base URL usually ends in /api/v1.',
      };
    }
    return { kind: 'error', message: isApiError(error) ? error.message : 'The connection test failed.' };
  }
}
