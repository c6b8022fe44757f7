import type { StoreContext } from './db/context';
import { countRows } from './db/count-rows';
import { PreparedQuery } from './db/prepared';
import type { ApiKeyRecord, Caller } from './records';

const COLUMNS = [
  'id',
  'account_id',
  'name',
  'key_hash',
  'created_at',
  'created_by',
  'last_used_at',
  'revoked_at',
  'source',
  'role',
] as const;

/** A key with its account, and whether either was revoked. */
export interface KeyHolder extends Caller {
  /** The key or its whole account was revoked: it opens nothing. */
  revoked: boolean;
  /** When it was revoked (the key's time, else its account's), so the refusal can say so. */
  revokedAt: string | null;
}

// Every authenticated request whose key is not cached reads this one.
const byHash = new PreparedQuery((db, hash: string) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select([
      'k.id as key_id',
      'k.name as key_name',
      'k.revoked_at as key_revoked_at',
      'k.role as key_role',
      'a.id',
      'a.name',
      'a.key_hash',
      'a.created_at',
      'a.revoked_at',
      'a.source',
    ])
    .where('k.key_hash', '=', hash),
);

export class ApiKeysRepo {
  constructor(private readonly ctx: StoreContext) {}

  async insert(key: Omit<ApiKeyRecord, 'last_used_at' | 'revoked_at'>): Promise<void> {
    await this.ctx.db.insertInto('api_keys').values(key).execute();
  }

  /** The key with this hash and its account, revoked or not; undefined for a key never made. */
  async holderOf(hash: string): Promise<KeyHolder | undefined> {
    const row = await byHash.first(this.ctx, hash);
    if (!row) return undefined;
    const { key_id: id, key_name: name, key_revoked_at: keyRevokedAt, key_role: role, ...account } = row;
    const revokedAt = keyRevokedAt ?? account.revoked_at;
    return { account, key: { id, name, role }, revoked: revokedAt !== null, revokedAt };
  }

  async byId(id: string): Promise<ApiKeyRecord | undefined> {
    return this.ctx.db.selectFrom('api_keys').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The account's keys created before `before` (all when null), revoked ones included, newest first. */
  async page(accountId: string, before: string | null, limit: number): Promise<ApiKeyRecord[]> {
    let query = this.ctx.db.selectFrom('api_keys').select(COLUMNS).where('account_id', '=', accountId);
    if (before !== null) query = query.where('created_at', '<', before);
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** The names of these keys by id (for "made by" on a page that may not hold the key that made another). */
  async names(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.ctx.db.selectFrom('api_keys').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The working keys this key made, and the keys they made in turn: revoked with it. */
  async madeBy(accountId: string, keyId: string): Promise<string[]> {
    const found: string[] = [];
    let parents = [keyId];
    while (parents.length > 0) {
      const children = await this.ctx.db
        .selectFrom('api_keys')
        .select('id')
        .where('account_id', '=', accountId)
        .where('created_by', 'in', parents)
        .where('revoked_at', 'is', null)
        .execute();
      parents = children.map((row) => row.id).filter((id) => !found.includes(id));
      found.push(...parents);
    }
    return found;
  }

  /** Every key, oldest first (for the command line). */
  async list(): Promise<ApiKeyRecord[]> {
    return this.ctx.db.selectFrom('api_keys').select(COLUMNS).orderBy('created_at').orderBy('id').execute();
  }

  /** The keys that came from WORKFLOW_API_KEYS and still work. */
  async activeFromEnvironment(): Promise<ApiKeyRecord[]> {
    return this.ctx.db
      .selectFrom('api_keys')
      .select(COLUMNS)
      .where('source', '=', 'environment')
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .execute();
  }

  /**
   * Holds the account's row until the caller's transaction ends, so two transactions that count
   * and revoke its keys take turns (SQLite's one writer already does).
   */
  async lockAccount(accountId: string): Promise<void> {
    if (this.ctx.dialect !== 'postgres') return;
    await this.ctx.db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
  }

  async activeCount(accountId: string): Promise<number> {
    return countRows(this.ctx.db, 'api_keys', (eb) =>
      eb.and([eb('account_id', '=', accountId), eb('revoked_at', 'is', null)]),
    );
  }

  /** Marks the key revoked; its record stays. False when it was unknown or already revoked. */
  async revoke(id: string, at: string): Promise<boolean> {
    const result = await this.ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Revokes every key of the account still working (the account is being revoked). */
  async revokeAllOf(accountId: string, at: string): Promise<void> {
    await this.ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Records that the key was used at `at`; never moves the stamp back (another replica may be ahead). */
  async touch(id: string, at: string): Promise<void> {
    await this.ctx.db
      .updateTable('api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
      .execute();
  }
}
