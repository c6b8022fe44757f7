import type { Db } from './database';
import type { AccountRecord } from './records';

export class AccountsRepo {
  private readonly insertStmt;
  private readonly byHashStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly revokeStmt;
  private readonly reserveStmt;
  private readonly countStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      'INSERT INTO accounts (id, name, key_hash, created_at) VALUES (@id, @name, @key_hash, @created_at)',
    );
    this.byHashStmt = db.prepare<[string], AccountRecord>(
      'SELECT id, name, key_hash, created_at, revoked_at FROM accounts WHERE key_hash = ?',
    );
    this.byIdStmt = db.prepare<[string], AccountRecord>(
      'SELECT id, name, key_hash, created_at, revoked_at FROM accounts WHERE id = ?',
    );
    this.listStmt = db.prepare<[], AccountRecord>(
      'SELECT id, name, key_hash, created_at, revoked_at FROM accounts ORDER BY created_at',
    );
    this.revokeStmt = db.prepare('UPDATE accounts SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
    this.reserveStmt = db.prepare<[number, number, string], { last_created_us: number }>(
      'UPDATE accounts SET last_created_us = MAX(last_created_us + ?, ?) WHERE id = ? RETURNING last_created_us',
    );
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM accounts');
  }

  async insert(account: Omit<AccountRecord, 'revoked_at'>): Promise<void> {
    this.insertStmt.run(account);
  }

  async byKeyHash(hash: string): Promise<AccountRecord | undefined> {
    return this.byHashStmt.get(hash);
  }

  async byId(id: string): Promise<AccountRecord | undefined> {
    return this.byIdStmt.get(id);
  }

  async list(): Promise<AccountRecord[]> {
    return this.listStmt.all();
  }

  async count(): Promise<number> {
    return this.countStmt.get()?.n ?? 0;
  }

  /** Marks the account's key as revoked; its data stays. Returns false when it was unknown or already revoked. */
  async revoke(id: string, at: string): Promise<boolean> {
    return this.revokeStmt.run(at, id).changes === 1;
  }

  /**
   * Reserves `count` consecutive created_at microseconds for the account and returns the newest, or
   * undefined for an unknown account. Call it inside the transaction that uses them.
   */
  async reserveCreated(id: string, count: number, nowMicros: number): Promise<number | undefined> {
    return this.reserveStmt.get(count, nowMicros + count - 1, id)?.last_created_us;
  }
}
