import doc from './openapi.json' with { type: 'json' };

/** Shared limits of v1, read from the contract document so the web and the service never disagree. */
export const LIMITS = doc['x-limits'] satisfies {
  maxBodyBytes: number;
  rateLimitPerMinute: number;
  maxPageSize: number;
  defaultPageSize: number;
  maxBatchItems: number;
  maxConcurrentPerWorkflow: number;
  batchConcurrency: { low: number; medium: number; high: number };
  maxRunSeconds: number;
  inlineContentMaxBytes: number;
  downloadLinkSeconds: number;
};

export type ConcurrencyLevel = keyof typeof LIMITS.batchConcurrency;
