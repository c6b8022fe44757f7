import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { AccountRetention } from '../store/retention-repo';
import type { Store } from '../store/store';
import { formatMicros } from '../store/timestamps';

/** How long ended runs are kept: days since they ended and the newest runs per account; null is no limit. */
export interface RetentionSettings {
  days: number | null;
  maxRuns: number | null;
}

const DAY_MS = 86_400_000;
/** A declared batch none of whose rows were sent is removed this many days after it was declared (sooner under a shorter retention). */
const EMPTY_BATCH_DAYS = 7;
/** A pass every few minutes keeps each pass small; a run outlives its retention by at most this. */
export const RETENTION_EVERY_MS = 5 * 60_000;
/** Runs deleted per transaction: small enough that requests waiting on the database barely notice. */
export const RETENTION_BATCH = 200;

const tighter = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.min(a, b);

/** What applies to an account: its own setting where it has one, never more than the service's. */
export function effectiveRetention(service: RetentionSettings, account: AccountRetention): RetentionSettings {
  return { days: tighter(service.days, account.days), maxRuns: tighter(service.maxRuns, account.maxRuns) };
}

export interface RetentionOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  settings: RetentionSettings;
  everyMs?: number;
  batchSize?: number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes ended runs (finished or error) past their account's retention, with their files, step
 * records and batch rows, a small batch per transaction with a turn of the event loop between
 * batches, so requests go on meanwhile. Of replicas on one database only the one that takes the
 * turn (see RetentionRepo.claimTurn) cleans in a given interval.
 */
export class RetentionCleaner {
  private readonly listeners: Array<(ids: readonly string[]) => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number | null> | null = null;
  /** Set by stop(): a pass under way ends at its next batch. */
  private halted = false;

  constructor(private readonly options: RetentionOptions) {}

  private get everyMs(): number {
    return this.options.everyMs ?? RETENTION_EVERY_MS;
  }

  /** Called with the ids of each batch of deleted runs, so caches of ended runs forget them. */
  onDeleted(listener: (ids: readonly string[]) => void): void {
    this.listeners.push(listener);
  }

  /** Cleans once now (if no replica did within `everyMs`) and then every `everyMs`. */
  start(): void {
    if (this.timer) return;
    this.halted = false;
    const kick = () => {
      if (!this.running) void this.pass().catch(() => undefined);
    };
    kick();
    this.timer = setInterval(kick, this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /**
   * One pass over every account, if this replica takes the turn; resolves to the number of runs
   * deleted, or null when another replica (or an earlier pass) has the turn. A pass already under
   * way is joined rather than doubled.
   */
  pass(): Promise<number | null> {
    this.running ??= this.cleanIfTurn().finally(() => (this.running = null));
    return this.running;
  }

  private async cleanIfTurn(): Promise<number | null> {
    const { store, clock, logger } = this.options;
    try {
      // A tenth of slack: the timer's next tick comes a hair less than everyMs after the stamp this pass wrote.
      if (!(await store.retention.claimTurn(clock.now(), this.everyMs * 0.9))) return null;
      let deleted = 0;
      for (const account of await store.retention.accounts()) {
        deleted += await this.cleanAccount(account.id, effectiveRetention(this.options.settings, account));
      }
      if (deleted > 0) logger.info({ deleted }, `retention removed ${deleted} ended runs`);
      return deleted;
    } catch (error) {
      logger.error({ err: error }, 'retention pass failed');
      throw error;
    }
  }

  private async cleanAccount(accountId: string, retention: RetentionSettings): Promise<number> {
    const repo = this.options.store.retention;
    const batch = this.options.batchSize ?? RETENTION_BATCH;
    let deleted = 0;
    if (retention.maxRuns !== null) {
      let excess = (await repo.endedCount(accountId)) - retention.maxRuns;
      while (excess > 0 && !this.halted) {
        const ids = await repo.oldestEnded(accountId, Math.min(batch, excess));
        if (ids.length === 0) break;
        deleted += await this.remove(ids);
        excess -= ids.length;
        await nextTurn();
      }
    }
    if (retention.days !== null) {
      const cutoff = formatMicros(Math.floor((this.options.clock.now() - retention.days * DAY_MS) * 1000));
      while (!this.halted) {
        const ids = await repo.endedBefore(accountId, cutoff, batch);
        if (ids.length > 0) deleted += await this.remove(ids);
        if (ids.length < batch) break;
        await nextTurn();
      }
    }
    // Whatever the setting: a batch with no row sent holds nothing to keep, only its declaration.
    const emptyDays = Math.min(retention.days ?? EMPTY_BATCH_DAYS, EMPTY_BATCH_DAYS);
    await repo.deleteEmptyBatches(
      accountId,
      formatMicros(Math.floor((this.options.clock.now() - emptyDays * DAY_MS) * 1000)),
    );
    return deleted;
  }

  private async remove(ids: readonly string[]): Promise<number> {
    const deleted = await this.options.store.retention.deleteRuns(ids);
    if (deleted.length > 0) for (const listener of this.listeners) listener(deleted);
    return deleted.length;
  }
}
