import { atomically, inList, type StoreContext } from './db/context';

const ENDED = ['finished', 'error'] as const;
const TURN_KEY = 'retention_last_pass';

/** An account's own retention; null in a field means the service's setting applies. */
export interface AccountRetention {
  days: number | null;
  maxRuns: number | null;
}

/** What the retention cleaner reads and deletes: ended runs only, with everything stored for them. */
export class RetentionRepo {
  constructor(private readonly ctx: StoreContext) {}

  /** Every account (revoked ones too: their runs age like any other) with its own retention. */
  async accounts(): Promise<Array<{ id: string } & AccountRetention>> {
    const rows = await this.ctx.db
      .selectFrom('accounts')
      .select(['id', 'retention_days', 'retention_max_runs'])
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, days: row.retention_days, maxRuns: row.retention_max_runs }));
  }

  async ofAccount(accountId: string): Promise<AccountRetention | undefined> {
    const row = await this.ctx.db
      .selectFrom('accounts')
      .select(['retention_days', 'retention_max_runs'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row && { days: row.retention_days, maxRuns: row.retention_max_runs };
  }

  /** Sets the account's own retention; false when there is no such account. */
  async setAccount(accountId: string, retention: AccountRetention): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('accounts')
      .set({ retention_days: retention.days, retention_max_runs: retention.maxRuns })
      .where('id', '=', accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Up to `limit` of the account's runs that ended before `cutoff` (a stored timestamp), oldest first. */
  async endedBefore(accountId: string, cutoff: string, limit: number): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('executions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('finished_at', '<', cutoff)
      .orderBy('finished_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** How many of the account's runs have ended (only ended runs have finished_at). */
  async endedCount(accountId: string): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('executions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('finished_at', 'is not', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The account's `limit` oldest ended runs, by when they ended. */
  async oldestEnded(accountId: string, limit: number): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('executions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('finished_at', 'is not', null)
      .orderBy('finished_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Deletes these runs, if ended, with their files, step records and batch rows, in one
   * transaction; a batch left with no rows goes too. Returns the ids of the runs deleted.
   */
  async deleteRuns(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { dialect } = this.ctx;
    return atomically(this.ctx, async (db) => {
      const ended = (
        await db
          .selectFrom('executions')
          .select('id')
          .where((eb) => inList(dialect, eb.ref('id'), ids))
          .where('status', 'in', ENDED)
          .execute()
      ).map((row) => row.id);
      if (ended.length === 0) return [];
      const batches = (
        await db
          .selectFrom('batch_rows')
          .select('batch_id')
          .distinct()
          .where((eb) => inList(dialect, eb.ref('execution_id'), ended))
          .execute()
      ).map((row) => row.batch_id);
      await db
        .deleteFrom('files')
        .where((eb) => inList(dialect, eb.ref('execution_id'), ended))
        .execute();
      await db
        .deleteFrom('execution_steps')
        .where((eb) => inList(dialect, eb.ref('execution_id'), ended))
        .execute();
      await db
        .deleteFrom('batch_rows')
        .where((eb) => inList(dialect, eb.ref('execution_id'), ended))
        .execute();
      await db
        .deleteFrom('executions')
        .where((eb) => inList(dialect, eb.ref('id'), ended))
        .execute();
      if (batches.length > 0) {
        await db
          .deleteFrom('batches')
          .where((eb) => inList(dialect, eb.ref('id'), batches))
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('batch_rows').select('batch_id').whereRef('batch_rows.batch_id', '=', 'batches.id'))),
          )
          .execute();
      }
      return ended;
    });
  }

  /** Deletes the account's batches declared before `cutoff` that never had a row sent (their runs would be older). */
  async deleteEmptyBatches(accountId: string, cutoff: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('batches')
      .where('account_id', '=', accountId)
      .where('created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('batch_rows').select('batch_id').whereRef('batch_rows.batch_id', '=', 'batches.id'))),
      )
      .execute();
  }

  /**
   * Takes the turn to clean when no replica began a pass in the last `everyMs`: a compare-and-set on
   * when the last pass began, so of replicas asking together exactly one gets it.
   */
  async claimTurn(now: number, everyMs: number): Promise<boolean> {
    const { db } = this.ctx;
    const row = await db.selectFrom('meta').select('value').where('key', '=', TURN_KEY).executeTakeFirst();
    if (!row) {
      const inserted = await db
        .insertInto('meta')
        .values({ key: TURN_KEY, value: String(now) })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    if (now - Number(row.value) < everyMs) return false;
    const updated = await db
      .updateTable('meta')
      .set({ value: String(now) })
      .where('key', '=', TURN_KEY)
      .where('value', '=', row.value)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
}
