import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { noMetrics, type Metrics } from '../metrics/metrics';
import type { ExecutionRecord } from '../store/records';
import type { Store } from '../store/store';
import { TIME_LIMIT_MESSAGE } from './timing';

/** The default time a claim holds without a heartbeat (LEASE_SECONDS): a dead replica's runs wait this long. */
export const DEFAULT_LEASE_MS = 30_000;

/** What settling an execution nobody runs needs to know; a stale copy is safe, every write is CAS on attempt. */
export type Orphan = Pick<
  ExecutionRecord,
  'id' | 'workflow_id' | 'attempt' | 'elapsed_ms' | 'deadline' | 'cancel_requested'
>;

/**
 * Settles a processing execution whose run is gone (its replica died or stopped): cancelled while
 * processing, it ends in error with the cancel message (its next step boundary would have ended
 * it); past its deadline, it ends with the time-limit message; otherwise it waits again with its
 * attempt kept, so a late write of the old run can never complete it. Says which it did: null
 * when another replica settled it first.
 */
export async function settleOrphan(store: Store, row: Orphan, now: number): Promise<'waiting' | 'ended' | null> {
  if (row.cancel_requested !== null) {
    return (await store.failExecution(row.id, row.attempt, row.cancel_requested)) ? 'ended' : null;
  }
  if (row.deadline !== null && row.deadline < now) {
    return (await store.failExecution(row.id, row.attempt, TIME_LIMIT_MESSAGE)) ? 'ended' : null;
  }
  return (await store.executions.requeue(row.id, row.attempt, row.elapsed_ms)) ? 'waiting' : null;
}

export interface LeaseOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  /** This engine's id, written on every execution it claims. */
  owner: string;
  leaseMs: number;
  /** Counts the executions taken over (settled here after their lease ended). */
  metrics?: Metrics;
}

/**
 * The engine's leases on the executions it runs. A heartbeat every leaseMs/3 extends them all in
 * one write; a replica that dies (kill -9) stops renewing, and once its leases end any other
 * replica's safety tick settles its executions (see settleOrphan).
 */
export class Leases {
  private heartbeat: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;

  constructor(private readonly options: LeaseOptions) {}

  /** When a claim made now ends without a heartbeat. */
  until(): number {
    return this.options.clock.now() + this.options.leaseMs;
  }

  start(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(
      () => {
        this.renewing ??= this.renew().finally(() => (this.renewing = null));
      },
      Math.max(1, Math.floor(this.options.leaseMs / 3)),
    );
    this.heartbeat.unref();
  }

  /** Stops the heartbeat; resolves once a beat under way has ended (before the store closes). */
  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.renewing;
  }

  private async renew(): Promise<void> {
    try {
      await this.options.store.executions.heartbeat(this.options.owner, this.until());
    } catch (error) {
      // Missed beats are survivable until the lease ends; then another replica takes the runs over.
      this.options.logger.warn({ err: error }, 'lease heartbeat failed');
    }
  }

  /**
   * Start-up: with one process (SQLite) every processing row is an orphan of the last run; on a
   * shared database only rows whose lease ended are (the others belong to live replicas).
   * Answers the workflows that have executions waiting again.
   */
  async recoverAtStart(): Promise<Set<string>> {
    const { store, clock } = this.options;
    const now = clock.now();
    return this.settle(store.shared ? await store.executions.expired(now) : await store.executions.processing(), now);
  }

  /** The safety tick: settles other owners' executions whose lease ended. */
  async recoverExpired(): Promise<Set<string>> {
    const now = this.options.clock.now();
    return this.settle(await this.options.store.executions.expired(now, this.options.owner), now);
  }

  private async settle(rows: readonly Orphan[], now: number): Promise<Set<string>> {
    const requeued = new Set<string>();
    let taken = 0;
    for (const row of rows) {
      const settled = await settleOrphan(this.options.store, row, now);
      if (settled !== null) taken += 1;
      if (settled === 'waiting') requeued.add(row.workflow_id);
    }
    if (taken > 0) (this.options.metrics ?? noMetrics).leaseTakeOvers(taken);
    if (rows.length > 0) this.options.logger.info({ count: rows.length }, 'settled executions no replica runs');
    return requeued;
  }
}
