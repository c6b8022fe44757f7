import type { ExpressionBuilder } from 'kysely';
import { countRows } from './db/count-rows';
import { atomically, inList, type StoreContext } from './db/context';
import type { Database, RetentionChangesTable } from './db/schema';

const ENDED = ['finished', 'error'] as const;
const TURN_KEY = 'retention_last_pass';

/** The batch_rows row belongs to the batches row the outer query is at (ids are unique per account). */
const sameBatch = (eb: ExpressionBuilder<Database, 'batch_rows' | 'batches'>) =>
  eb.and([
    eb(eb.ref('batch_rows.account_id'), '=', eb.ref('batches.account_id')),
    eb(eb.ref('batch_rows.batch_id'), '=', eb.ref('batches.id')),
  ]);

function byAccount(rows: readonly { account_id: string; batch_id: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const row of rows) out.set(row.account_id, [...(out.get(row.account_id) ?? []), row.batch_id]);
  return out;
}

/** An account's own retention; null in a field means the service's setting applies. */
export interface AccountRetention {
  days: number | null;
  maxRuns: number | null;
}

/** One recorded change of an account's own retention. */
export type RetentionChange = Omit<RetentionChangesTable, 'account_id'> & { changed_by_name: string | null };

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

  /**
   * Sets the account's own retention and records the change (who: a key's id, or null for the
   * command line; at `at`), both or neither; false when there is no such account.
   */
  async setAccount(
    accountId: string,
    retention: AccountRetention,
    change: { by: string | null; at: string },
  ): Promise<boolean> {
    return atomically(this.ctx, async (db) => {
      const read = db
        .selectFrom('accounts')
        .select(['retention_days', 'retention_max_runs'])
        .where('id', '=', accountId);
      // Two changes at once each record what the other left (SQLite's one writer already takes turns).
      const before = await (this.ctx.dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
      if (!before) return false;
      await db
        .updateTable('accounts')
        .set({ retention_days: retention.days, retention_max_runs: retention.maxRuns })
        .where('id', '=', accountId)
        .execute();
      await db
        .insertInto('retention_changes')
        .values({
          account_id: accountId,
          changed_at: change.at,
          changed_by: change.by,
          from_days: before.retention_days,
          from_max_runs: before.retention_max_runs,
          to_days: retention.days,
          to_max_runs: retention.maxRuns,
        })
        .execute();
      return true;
    });
  }

  /** The account's newest `limit` retention changes, newest first, with the name of the key that made each. */
  async changes(accountId: string, limit: number): Promise<RetentionChange[]> {
    return this.ctx.db
      .selectFrom('retention_changes as c')
      .leftJoin('api_keys as k', 'k.id', 'c.changed_by')
      .select([
        'c.changed_at',
        'c.changed_by',
        'k.name as changed_by_name',
        'c.from_days',
        'c.from_max_runs',
        'c.to_days',
        'c.to_max_runs',
      ])
      .where('c.account_id', '=', accountId)
      .orderBy('c.changed_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Up to `limit` of the account's runs that ended before `cutoff` (a stored timestamp), oldest first. */
  endedBefore(accountId: string, cutoff: string, limit: number): Promise<string[]> {
    return this.endedIds(accountId, limit, cutoff);
  }

  /** How many of the account's runs have ended (only ended runs have finished_at). */
  async endedCount(accountId: string): Promise<number> {
    return countRows(this.ctx.db, 'executions', (eb) =>
      eb.and([eb('account_id', '=', accountId), eb('finished_at', 'is not', null)]),
    );
  }

  /** The account's `limit` oldest ended runs, by when they ended. */
  oldestEnded(accountId: string, limit: number): Promise<string[]> {
    return this.endedIds(accountId, limit);
  }

  /** Ended runs (only those have finished_at), oldest first, optionally only those ended before `cutoff`. */
  private async endedIds(accountId: string, limit: number, cutoff?: string): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('executions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('finished_at', cutoff === undefined ? 'is not' : '<', cutoff ?? null)
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
      const batches = await db
        .selectFrom('batch_rows')
        .select(['account_id', 'batch_id'])
        .distinct()
        .where((eb) => inList(dialect, eb.ref('execution_id'), ended))
        .execute();
      // What refers to the runs goes first, so no foreign key is left pointing at a deleted run.
      for (const table of ['files', 'execution_steps', 'batch_rows'] as const) {
        await db
          .deleteFrom(table)
          .where((eb) => inList(dialect, eb.ref('execution_id'), ended))
          .execute();
      }
      await db
        .deleteFrom('executions')
        .where((eb) => inList(dialect, eb.ref('id'), ended))
        .execute();
      // A batch's id is unique within its account only.
      for (const [accountId, ids] of byAccount(batches)) {
        await db
          .deleteFrom('batches')
          .where('account_id', '=', accountId)
          .where((eb) => inList(dialect, eb.ref('id'), ids))
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('batch_rows').select('batch_id').where(sameBatch))),
          )
          .execute();
      }
      return ended;
    });
  }

  /**
   * Deletes the account's batches declared before `cutoff` that have no row sent: never sent, or
   * whose runs are all gone (their runs would be older).
   */
  async deleteEmptyBatches(accountId: string, cutoff: string): Promise<void> {
    await this.ctx.db
      .deleteFrom('batches')
      .where('account_id', '=', accountId)
      .where('created_at', '<', cutoff)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('batch_rows').select('batch_id').where(sameBatch))))
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
