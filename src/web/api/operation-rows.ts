import type { Check } from '@contract/contract-check';
import type { paths } from '@contract/api-types';
import type { Concurrency, ExecutionListItem, ExecutionStatus, ResultFile } from '@contract/openapi-document';
import { parseAnswer, parsePage } from './parse-response';

export interface PageParams {
  limit?: number;
  cursor?: string | null;
}

/** A page of executions, narrowed by status: ask only where capabilities say the server filters. */
export interface ExecutionPageParams extends PageParams {
  statuses?: readonly ExecutionStatus[];
}

/**
 * A list item as the client hands it over: the contract's, with whatever else the server sent.
 * Its result files read as ResultFile (whose `content` is optional), the type pages share with
 * the detail.
 */
export type ListedExecution = Omit<ExecutionListItem, 'results'> & { results?: ResultFile[] };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract's paths that answer `method`, so a row cannot name a route the API lacks. */
type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<Lowercase<M>, object> ? P : never;
}[keyof paths];

/** What one call sends besides the key: path parameters, query and body. */
export interface Parts {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * One operation of the API: where it goes, what its arguments send, and how its answer is checked.
 * `send` takes no default values: its length says where the call options start.
 */
export interface Operation<A extends unknown[], T> {
  method: Method;
  path: string;
  send: (...args: A) => Parts;
  read: (data: unknown, status: number) => T;
}

export const row =
  <M extends Method>(method: M) =>
  <A extends unknown[], T>(
    path: PathOf<M>,
    read: (data: unknown, status: number) => T,
    send: (...args: A) => Parts,
  ): Operation<A, T> => ({ method, path, send, read });

export const get = row('GET');
export const post = row('POST');
export const put = row('PUT');
export const patch = row('PATCH');
export const del = row('DELETE');

/** An answer checked against its contract schema; `label` names it in a broken answer's message. */
export const answer =
  <T>(check: Check<T>, label: string) =>
  (data: unknown, status: number): T =>
    parseAnswer(check, data, label, status);

/** A list page checked, newest first, an empty cursor read as the last page. */
export const page =
  <T extends { created_at: string }>(check: Check<{ data: T[]; cursor: string | null }>, label: string) =>
  (data: unknown) =>
    parsePage(check, data, label);

export const nothing = (): void => undefined;

export const pageQuery = (page: PageParams | undefined) => ({ limit: page?.limit, cursor: page?.cursor ?? undefined });

/** `status` is sent only when asked for, so a plain v1 server never sees it. */
export const statusQuery = (statuses: readonly ExecutionStatus[] | undefined): { status?: string } =>
  statuses && statuses.length > 0 ? { status: statuses.join(',') } : {};

export const ofWorkflow = (workflowId: string): Parts => ({ path: { workflowId } });
export const ofExecution = (workflowId: string, executionId: string): Parts => ({ path: { workflowId, executionId } });

const ONE_EXECUTION = '/workflows/{workflowId}/executions/{executionId}';
type PartAfter<P, Prefix extends string> = P extends `${Prefix}${infer Rest}` ? Rest : never;
/** What follows one execution's path in the contract's GET routes: '' for the execution itself, '/steps', … */
type ExecutionPart = PartAfter<PathOf<'GET'>, typeof ONE_EXECUTION>;

/** A GET of one execution or a part of it, checked against `check`. */
export const readOfExecution = <T>(part: ExecutionPart, check: Check<T>, label: string) =>
  get(`${ONE_EXECUTION}${part}` as PathOf<'GET'>, answer(check, label), ofExecution);
export const ofBatch = (batchId: string): Parts => ({ path: { batchId } });
export const none = (): Parts => ({});

/** Concurrency is sent only when chosen, so the server's default applies otherwise. */
export const withConcurrency = <I>(items: I, concurrency: Concurrency | undefined) =>
  concurrency ? { items, concurrency } : { items };
