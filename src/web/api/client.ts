import type { CancelExecutionsResponse } from '@contract/openapi-document';
import { capabilitiesFromDocument, type ServerCapabilities } from './capabilities';
import { isAbortError } from './errors';
import type { Operation } from './operation-rows';
import { operations } from './operations';
import { createTransport, type CallOptions, type ClientConfig } from './transport';

export { isCrossOrigin, type CallOptions, type ClientConfig } from './transport';
export type { ListedExecution } from './operation-rows';

/** What the cancel extension did: see the local service's contract document. */
export type CancelOutcome = CancelExecutionsResponse;

type Transport = ReturnType<typeof createTransport>;
type Operations = typeof operations;

/** A row of the table as a method: its arguments, then the call options. */
type MethodOf<O> =
  O extends Operation<infer A, infer T> ? (...args: [...A, options?: CallOptions]) => Promise<T> : never;

export type ApiClient = { [Name in keyof Operations]: MethodOf<Operations[Name]> } & {
  baseUrl: string;
  getServerCapabilities(options?: CallOptions): Promise<ServerCapabilities>;
};

/** The loose face of the transport's `request`: the table already ties each path to its method. */
type LooseRequest = (
  method: string,
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The one generic request: the row's arguments sent through the transport (reads at the priority
 * of what is on screen, changes at a person's), the answer checked as the row says.
 */
async function request<T>(
  { api, call }: Transport,
  operation: Operation<unknown[], T>,
  args: readonly unknown[],
): Promise<T> {
  const arity = operation.send.length;
  const options = args[arity] as CallOptions | undefined;
  const { path, query, body } = operation.send(...args.slice(0, arity));
  const send = api.request as unknown as LooseRequest;
  const { data, status } = await call(options, operation.method === 'GET' ? 'visible' : 'user', (init) =>
    send(operation.method, operation.path, { ...init, params: { path, query }, body }),
  );
  return operation.read(data, status);
}

/**
 * Which local extensions exist; a server without the document (404, not JSON) has none. With no
 * answer or a server error the question stays open (`unread`), so an outage at the moment of
 * asking does not hide the extensions for the rest of the visit.
 */
async function serverCapabilities({ getPublic }: Transport, options?: CallOptions): Promise<ServerCapabilities> {
  let document: unknown = null;
  let unread = false;
  try {
    const response = await getPublic('/openapi.json', options);
    unread = response.status >= 500;
    if (response.ok) document = await response.json();
  } catch (error) {
    if (isAbortError(error)) throw error;
    unread = true;
  }
  const capabilities = await capabilitiesFromDocument(document);
  return unread ? { ...capabilities, unread } : capabilities;
}

/**
 * The one typed API client: a method per row of ./operations. Requests are typed from the
 * generated contract types; every answer is checked against the schemas generated from the same
 * document (a broken answer throws a ContractViolationError). Every call goes through the request
 * scheduler, throws a typed error from ./errors on failure, and never redirects or toasts: pages
 * decide what to show.
 */
export function createApiClient(config: ClientConfig): ApiClient {
  const transport = createTransport(config);
  const methods = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [
      name,
      (...args: unknown[]) => request(transport, operation as Operation<unknown[], unknown>, args),
    ]),
  ) as { [Name in keyof Operations]: MethodOf<Operations[Name]> };
  return {
    ...methods,
    baseUrl: transport.baseUrl,
    getServerCapabilities: (options) => serverCapabilities(transport, options),
  };
}
