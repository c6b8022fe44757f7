import { infiniteQueryOptions } from '@tanstack/react-query';
import { getApiClient } from '@/api/active-client';
import type { ApiClient } from '@/api/client';
import { getScheduler } from '@/api/scheduler';
import { queryKeys } from './query-keys';

export type { CancelOutcome, ListedExecution } from '@/api/client';

/**
 * The server calls the batch engine makes: sending chunks, reading and listing executions, and
 * cancelling a stopped batch. Tests hand the engine a fake with the same shape.
 */
export type BatchApi = Pick<
  ApiClient,
  | 'createBatch'
  | 'listExecutions'
  | 'getExecution'
  | 'cancelExecutions'
  | 'declareBatch'
  | 'createBatchRuns'
  | 'getBatch'
  | 'listBatchRows'
  | 'listBatchResults'
> & {
  /** Whether this server offers the cancel extension (asked at a person's priority: they just pressed Stop). */
  cancelSupported(): Promise<boolean>;
  /** Whether this server keeps batches for everyone on the account (its batches extension). */
  sharedBatchesSupported(): Promise<boolean>;
  /** Whether this server gives a batch's rows with their results by page (its batch results extension). */
  batchResultsSupported(): Promise<boolean>;
};

/**
 * The batch calls of the connection active now. The engine asks once per piece of work, so a batch
 * already being sent or followed keeps talking to the server it started with.
 */
export function batchApi(): BatchApi {
  const client = getApiClient();
  return {
    createBatch: (...args) => client.createBatch(...args),
    listExecutions: (...args) => client.listExecutions(...args),
    getExecution: (...args) => client.getExecution(...args),
    cancelExecutions: (...args) => client.cancelExecutions(...args),
    declareBatch: (...args) => client.declareBatch(...args),
    createBatchRuns: (...args) => client.createBatchRuns(...args),
    getBatch: (...args) => client.getBatch(...args),
    listBatchRows: (...args) => client.listBatchRows(...args),
    listBatchResults: (...args) => client.listBatchResults(...args),
    cancelSupported: async () => (await client.getServerCapabilities({ priority: 'user' })).cancel,
    sharedBatchesSupported: async () => (await client.getServerCapabilities({ priority: 'user' })).sharedBatches,
    batchResultsSupported: async () => (await client.getServerCapabilities({ priority: 'user' })).batchResults,
  };
}

/** The gap between two background requests: the pace at which the scheduler spreads what people leave. */
export const backgroundIntervalMs = (): number => getScheduler().backgroundIntervalMs();

/** How many background requests the scheduler allows per window, to say how long gathering details may take. */
export const backgroundBudget = (): number => getScheduler().backgroundBudget();

/** How often the list of the account's batches is read again while it is shown. */
const SHARED_LIST_REFRESH_MS = 15_000;

/** A workflow's batches on the server, newest first, whoever on the account started them (batches extension), by page. */
export const sharedBatchQueries = {
  ofWorkflow: (workflowId: string, enabled: boolean) =>
    infiniteQueryOptions({
      queryKey: queryKeys.sharedBatches.ofWorkflow(workflowId),
      queryFn: ({ pageParam, signal }) =>
        getApiClient().listBatches({ workflowId, limit: 50, cursor: pageParam }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.cursor ?? undefined,
      enabled,
      refetchInterval: SHARED_LIST_REFRESH_MS,
      meta: { label: 'batches of this workflow' },
    }),
};
