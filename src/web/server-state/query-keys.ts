import type { ExecutionStatus } from '@contract/openapi-document';

/**
 * Every key the dashboard caches server state under, in one tree: invalidating a key refreshes
 * everything below it. One run lives under its workflow's runs (`runs.ofWorkflow`), with its steps
 * and input below its detail; the runs lists that mix workflows live under `runs.feeds`, whose
 * entries are pages of rows only (patchRunInLists writes into them).
 */
export const queryKeys = {
  server: {
    all: () => ['server'] as const,
    capabilities: () => ['server', 'capabilities'] as const,
    serviceInfo: () => ['server', 'service-info'] as const,
    retention: () => ['server', 'retention'] as const,
  },

  workflows: {
    all: () => ['workflows'] as const,
    list: () => ['workflows', 'list'] as const,
    /** Every workflow of the account, read through to the end (Find matches names among them). */
    every: () => ['workflows', 'every'] as const,
    detail: (workflowId: string) => ['workflows', 'detail', workflowId] as const,
    runCount: (workflowId: string) => ['workflows', 'detail', workflowId, 'run-count'] as const,
  },

  runs: {
    all: () => ['runs'] as const,
    /** Whatever shows a workflow's runs: its list, a list row's recent runs, each run and its figures. */
    ofWorkflow: (workflowId: string) => ['runs', 'workflow', workflowId] as const,
    list: (workflowId: string) => ['runs', 'workflow', workflowId, 'list'] as const,
    recent: (workflowId: string) => ['runs', 'workflow', workflowId, 'recent'] as const,
    detail: (workflowId: string, executionId: string) => ['runs', 'workflow', workflowId, 'run', executionId] as const,
    steps: (workflowId: string, executionId: string, status: ExecutionStatus) =>
      ['runs', 'workflow', workflowId, 'run', executionId, 'steps', status] as const,
    activity: (workflowId: string, executionId: string, status: ExecutionStatus) =>
      ['runs', 'workflow', workflowId, 'run', executionId, 'activity', status] as const,
    input: (workflowId: string, executionId: string, fromServer: boolean) =>
      ['runs', 'workflow', workflowId, 'run', executionId, 'input', fromServer] as const,
    health: (workflowId: string, window: readonly (string | number)[]) =>
      ['runs', 'workflow', workflowId, 'health', ...window] as const,
    /** What this browser's journals know of runs (inputs, batch rows), by workflow. */
    journals: () => ['runs', 'journals'] as const,
    journalsOf: (workflowId: string) => ['runs', 'journals', workflowId] as const,
    /** The batches this browser sent for a workflow (the runs page's batch filter). */
    journalBatches: (workflowId: string) => ['runs', 'journals', workflowId, 'batches'] as const,
    /** The runs lists (one workflow's or every workflow's), as pages of rows. */
    feeds: () => ['runs', 'feed'] as const,
    feed: (scope: string, statuses: string, globalList: boolean, part: 'pages' | 'head') =>
      ['runs', 'feed', scope, statuses, globalList, part] as const,
  },

  apiKeys: {
    all: () => ['api-keys'] as const,
    current: () => ['api-keys', 'current'] as const,
  },

  /** Batches kept on the server for the account (batches extension). */
  sharedBatches: {
    ofWorkflow: (workflowId: string) => ['shared-batches', workflowId] as const,
  },

  approvals: {
    all: () => ['approvals'] as const,
    count: () => ['approvals', 'count'] as const,
  },
};
