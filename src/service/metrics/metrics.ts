/**
 * What the service counts for /metrics. The engine, the HTTP layer and the model client report
 * through this interface only, so none of them depends on the Prometheus library; with metrics off
 * (no WORKFLOW_METRICS_TOKEN) they report to `noMetrics`, which does nothing.
 */
export interface Metrics {
  /** An answered request: its route pattern (never the raw URL), method, status and time taken. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A 429 answer, and which limit gave it. */
  tooMany(route: string, reason: TooManyReason): void;
  /** One decision of a rate limiter: per API key, or per client address for wrong keys. */
  rateLimit(limiter: RateLimiterName, allowed: boolean): void;
  /** A lookup in one of the in-memory caches. */
  cache(name: CacheName, hit: boolean): void;
  /** A step of a run that ended (in success or failure), by its kind. */
  step(kind: string, seconds: number): void;
  /** A workflow planned: by the model or by the built-in rules, and how it went. */
  planner(planner: 'model' | 'rules', outcome: PlannerOutcome): void;
  /** One call to the model (its retries included), by what it was for and how it ended. */
  modelCall(kind: ModelCallKind, outcome: ModelCallOutcome, seconds: number): void;
  /** Executions this replica took over after their lease ended (their replica died or stalled). */
  leaseTakeOvers(count: number): void;
}

export type TooManyReason = 'rate_limit' | 'account_rate_limit' | 'key_failures' | 'queued_quota';
export type RateLimiterName = 'api_key' | 'account' | 'failed_keys';
export type CacheName = 'api_keys' | 'ended_runs' | 'results';
/** ok: a plan was made; fallback: the model's plan could not be used and the rules made one; failed: no plan. */
export type PlannerOutcome = 'ok' | 'fallback' | 'failed';
export type ModelCallKind = 'plan' | 'write';
export type ModelCallOutcome =
  'ok' | 'timeout' | 'rate_limited' | 'server_error' | 'unreachable' | 'refused' | 'empty' | 'too_large' | 'aborted';

const nothing = () => undefined;

/** Metrics off: every report is dropped at the cost of a call. */
export const noMetrics: Metrics = {
  request: nothing,
  tooMany: nothing,
  rateLimit: nothing,
  cache: nothing,
  step: nothing,
  planner: nothing,
  modelCall: nothing,
  leaseTakeOvers: nothing,
};
