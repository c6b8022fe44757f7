import { sql } from 'kysely';
import { greatest, type StoreContext } from './db/context';
import { PreparedQuery } from './db/prepared';
import type { AccountRecord } from './records';

const COLUMNS = ['id', 'name', 'key_hash', 'created_at', 'revoked_at', 'source'] as const;

// Every authenticated request reads this one.
const byKeyHash = new PreparedQuery((db, hash: string) =>
  db.selectFrom('accounts').select(COLUMNS).where('key_hash', '=', hash),
);

export class AccountsRepo {
  constructor(private readonly ctx: StoreContext) {}

  /** Without a `source` the account counts as made by `npm run keys`: start-up never revokes it. */
  async insert(
    account: Omit<AccountRecord, 'revoked_at' | 'source'> & Partial<Pick<AccountRecord, 'source'>>,
  ): Promise<void> {
    await this.ctx.db.insertInto('accounts').values(account).execute();
  }

  async byKeyHash(hash: string): Promise<AccountRecord | undefined> {
    return byKeyHash.first(this.ctx, hash);
  }

  async byId(id: string): Promise<AccountRecord | undefined> {
    return this.ctx.db.selectFrom('accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<AccountRecord[]> {
    return this.ctx.db.selectFrom('accounts').select(COLUMNS).orderBy('created_at').execute();
  }

  /** The accounts whose keys came from WORKFLOW_API_KEYS and still work. */
  async activeFromEnvironment(): Promise<AccountRecord[]> {
    return this.ctx.db
      .selectFrom('accounts')
      .select(COLUMNS)
      .where('source', '=', 'environment')
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks the account's key as revoked; its data stays. Returns false when it was unknown or already revoked. */
  async revoke(id: string, at: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('accounts')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Reserves `count` consecutive created_at microseconds for the account and returns the newest, or
   * undefined for an unknown account. One atomic UPDATE … RETURNING: on PostgreSQL its row lock
   * holds until the caller's transaction commits, so replicas hand out stamps in commit order.
   */
  async reserveCreated(id: string, count: number, nowMicros: number): Promise<number | undefined> {
    const last = sql.ref<number>('last_created_us');
    const row = await this.ctx.db
      .updateTable('accounts')
      .set({
        last_created_us: greatest(this.ctx.dialect, sql<number>`${last} + ${count}`, sql.val(nowMicros + count - 1)),
      })
      .where('id', '=', id)
      .returning('last_created_us')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.last_created_us);
  }
}
