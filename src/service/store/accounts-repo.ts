import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ApiKeysRepo } from './api-keys-repo';
import { atomically, greatest, type StoreContext } from './db/context';
import type { AccountRecord, ApiKeyRecord } from './records';

const COLUMNS = ['id', 'name', 'key_hash', 'created_at', 'revoked_at', 'source'] as const;

type NewAccount = Omit<AccountRecord, 'revoked_at' | 'source'> & Partial<Pick<AccountRecord, 'source'>>;

export class AccountsRepo {
  constructor(private readonly ctx: StoreContext) {}

  /**
   * Inserts the account with its first key (`key_hash`, named after the account), and returns that
   * key. Without a `source` the account counts as made by `npm run keys`: start-up never revokes it.
   */
  async insert(account: NewAccount, keyId: string = randomUUID()): Promise<ApiKeyRecord> {
    const key: ApiKeyRecord = {
      id: keyId,
      account_id: account.id,
      name: account.name,
      key_hash: account.key_hash,
      created_at: account.created_at,
      created_by: null,
      last_used_at: null,
      revoked_at: null,
      source: account.source ?? 'command',
      // The operator made it (WORKFLOW_API_KEYS, `npm run keys`, the development key).
      role: 'admin',
    };
    await atomically(this.ctx, async (db) => {
      await db.insertInto('accounts').values(account).execute();
      await db.insertInto('api_keys').values(key).execute();
    });
    return key;
  }

  /** The account one of whose keys has this hash, whether revoked or not. */
  async byKeyHash(hash: string): Promise<AccountRecord | undefined> {
    return (await new ApiKeysRepo(this.ctx).holderOf(hash))?.account;
  }

  async byId(id: string): Promise<AccountRecord | undefined> {
    return this.ctx.db.selectFrom('accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  async list(): Promise<AccountRecord[]> {
    return this.ctx.db.selectFrom('accounts').select(COLUMNS).orderBy('created_at').execute();
  }

  async count(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Revokes the account and every key of it; its data stays. Returns false when it was unknown or already revoked. */
  async revoke(id: string, at: string): Promise<boolean> {
    return atomically(this.ctx, async (db) => {
      const result = await db
        .updateTable('accounts')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      await new ApiKeysRepo({ db, dialect: this.ctx.dialect }).revokeAllOf(id, at);
      return true;
    });
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
