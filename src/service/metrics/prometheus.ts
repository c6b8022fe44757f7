import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ExecutionCensus } from '../store/executions/executions-repo';
import type {
  CacheName,
  Metrics,
  ModelCallKind,
  ModelCallOutcome,
  PlannerOutcome,
  RateLimiterName,
  TooManyReason,
} from './metrics';

const EXECUTION_STATUSES = ['initial', 'processing', 'human_in_the_loop', 'finished', 'error'] as const;

/** Seconds: a cached GET takes well under a millisecond, a batch of 10,000 rows seconds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: rule steps take milliseconds to seconds, writing steps with a local model minutes. */
const STEP_BUCKETS = [0.005, 0.025, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900];
const MODEL_BUCKETS = [0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];

interface Counting {
  inc(): void;
}

interface RequestSeries {
  count: Counting;
  seconds: { observe(value: number): void };
}

/** Where the executions gauges are read from at scrape time; null when proxying (no local store). */
export interface CensusSource {
  census(): Promise<ExecutionCensus[]>;
}

/**
 * The Prometheus side of Metrics: a registry of its own per service (several services in one
 * process, as in tests, never share counters), Node's default metrics (event-loop lag among them),
 * and the executions gauges, read from the store with one grouped count when scraped.
 */
export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly requestSeconds: Histogram<'route' | 'method' | 'status'>;
  /** The labelled series of each route, method and status, so a request costs no label lookup. */
  private readonly series = new Map<string, Map<string, Map<number, RequestSeries>>>();
  private readonly refusals: Counter<'route' | 'reason'>;
  /** Per limiter: the series of its [limited, allowed] decisions. */
  private readonly decisions: Record<RateLimiterName, [Counting, Counting]>;
  /** Per cache: the series of its [misses, hits]. */
  private readonly lookups: Record<CacheName, [Counting, Counting]>;
  private readonly steps: Histogram<'kind'>;
  private readonly plans: Counter<'planner' | 'outcome'>;
  private readonly modelCalls: Counter<'kind' | 'outcome'>;
  private readonly modelSeconds: Histogram<'kind'>;
  private readonly takeOvers: Counter;
  /** The census under way, shared by the gauges one scrape collects at once. */
  private reading: Promise<ExecutionCensus[]> | null = null;

  constructor(source: CensusSource | null) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
      new Counter<L>({ name, help, labelNames, registers });
    const histogram = <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) =>
      new Histogram<L>({ name, help, labelNames, buckets, registers });
    this.requests = counter(
      'workflow_http_requests_total',
      'HTTP requests answered, by route pattern, method and status code.',
      ['route', 'method', 'status'],
    );
    this.requestSeconds = histogram(
      'workflow_http_request_duration_seconds',
      'Time from receiving an HTTP request to answering it, by route pattern, method and status code.',
      ['route', 'method', 'status'],
      REQUEST_BUCKETS,
    );
    this.refusals = counter(
      'workflow_http_too_many_requests_total',
      'Requests answered 429, by route pattern and the limit reached (rate_limit: the API key used its requests per minute; account_rate_limit: the account used its requests per minute over all its keys; key_failures: the address sent too many wrong keys; queued_quota: the account has too many runs waiting).',
      ['route', 'reason'],
    );
    const decisions = counter(
      'workflow_rate_limit_decisions_total',
      'Rate-limit decisions, by limiter (api_key: requests per key per minute; account: requests per account per minute; failed_keys: wrong or missing keys per address per minute) and decision (allowed or limited).',
      ['limiter', 'decision'],
    );
    const lookups = counter(
      'workflow_cache_lookups_total',
      'Lookups in the in-memory caches, by cache (api_keys: keys already checked; ended_runs: answers for finished and failed runs; results: their result files) and result (hit or miss).',
      ['cache', 'result'],
    );
    const decided = (limiter: RateLimiterName): [Counting, Counting] => [
      decisions.labels(limiter, 'limited'),
      decisions.labels(limiter, 'allowed'),
    ];
    this.decisions = { api_key: decided('api_key'), account: decided('account'), failed_keys: decided('failed_keys') };
    const looked = (cache: CacheName): [Counting, Counting] => [
      lookups.labels(cache, 'miss'),
      lookups.labels(cache, 'hit'),
    ];
    this.lookups = { api_keys: looked('api_keys'), ended_runs: looked('ended_runs'), results: looked('results') };
    this.steps = histogram(
      'workflow_step_duration_seconds',
      'Time a step of a run took on this replica, by step kind (its scaled waiting included).',
      ['kind'],
      STEP_BUCKETS,
    );
    this.plans = counter(
      'workflow_planner_calls_total',
      'Workflows planned, by planner (model or rules) and outcome (ok; fallback: the model’s plan was unusable and the rules made it; failed: no plan).',
      ['planner', 'outcome'],
    );
    this.modelCalls = counter(
      'workflow_model_calls_total',
      'Calls to the model (retries included), by kind (plan or write) and outcome (ok, timeout, rate_limited, server_error, unreachable, refused, empty, too_large, aborted).',
      ['kind', 'outcome'],
    );
    this.modelSeconds = histogram(
      'workflow_model_call_duration_seconds',
      'Time a call to the model took (retries included), by kind (plan or write).',
      ['kind'],
      MODEL_BUCKETS,
    );
    this.takeOvers = new Counter({
      name: 'workflow_lease_takeovers_total',
      help: 'Running executions this replica took over because their lease ended (their replica died, stalled, or was this process before a restart).',
      registers,
    });
    if (source) this.executionGauges(source);
  }

  private executionGauges(source: CensusSource): void {
    const census = () => {
      this.reading ??= source.census().finally(() => (this.reading = null));
      return this.reading;
    };
    const registers = [this.registry];
    new Gauge({
      name: 'workflow_executions',
      help: 'Executions in the store, by status (initial: waiting to start; processing; human_in_the_loop: waiting for approval; finished; error), over all replicas.',
      labelNames: ['status'],
      registers,
      async collect() {
        const totals = new Map<string, number>(EXECUTION_STATUSES.map((status) => [status, 0]));
        for (const row of await census()) totals.set(row.status, (totals.get(row.status) ?? 0) + row.count);
        for (const [status, count] of totals) this.set({ status }, count);
      },
    });
    const perAccount = (name: string, help: string, status: string) =>
      new Gauge({
        name,
        help,
        labelNames: ['account'],
        registers,
        async collect() {
          const rows = (await census()).filter((row) => row.status === status);
          // Accounts with none left are dropped rather than kept at their last count.
          this.reset();
          for (const row of rows) this.set({ account: row.account_id }, row.count);
        },
      });
    perAccount(
      'workflow_executions_queued',
      'Executions waiting to start, by account id, over all replicas.',
      'initial',
    );
    perAccount(
      'workflow_executions_running',
      'Executions processing now, by account id, over all replicas.',
      'processing',
    );
  }

  /** The text a scrape answers, in the Prometheus exposition format. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  request(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      const labels = [route, method, String(status)] as const;
      series = { count: this.requests.labels(...labels), seconds: this.requestSeconds.labels(...labels) };
      byStatus.set(status, series);
    }
    series.count.inc();
    series.seconds.observe(seconds);
  }

  tooMany(route: string, reason: TooManyReason): void {
    this.refusals.inc({ route, reason });
  }

  rateLimit(limiter: RateLimiterName, allowed: boolean): void {
    this.decisions[limiter][allowed ? 1 : 0].inc();
  }

  cache(name: CacheName, hit: boolean): void {
    this.lookups[name][hit ? 1 : 0].inc();
  }

  step(kind: string, seconds: number): void {
    this.steps.observe({ kind }, seconds);
  }

  planner(planner: 'model' | 'rules', outcome: PlannerOutcome): void {
    this.plans.inc({ planner, outcome });
  }

  modelCall(kind: ModelCallKind, outcome: ModelCallOutcome, seconds: number): void {
    this.modelCalls.inc({ kind, outcome });
    this.modelSeconds.observe({ kind }, seconds);
  }

  leaseTakeOvers(count: number): void {
    this.takeOvers.inc(count);
  }
}
