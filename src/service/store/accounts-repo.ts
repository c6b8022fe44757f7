import type { Db } from './database';
import type { AccountRecord } from './records';

export class AccountsRepo {
  private readonly insertStmt;
  private readonly byHashStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly revokeStmt;
  private readonly lastStmt;
  private readonly saveLastStmt;
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
    this.lastStmt = db.prepare<[string], { last_created_us: number }>(
      'SELECT last_created_us FROM accounts WHERE id = ?',
    );
    this.saveLastStmt = db.prepare('UPDATE accounts SET last_created_us = ? WHERE id = ? AND last_created_us < ?');
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM accounts');
  }

  insert(account: Omit<AccountRecord, 'revoked_at'>): void {
    this.insertStmt.run(account);
  }

  byKeyHash(hash: string): AccountRecord | undefined {
    return this.byHashStmt.get(hash);
  }

  byId(id: string): AccountRecord | undefined {
    return this.byIdStmt.get(id);
  }

  list(): AccountRecord[] {
    return this.listStmt.all();
  }

  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }

  /** Marks the account's key as revoked; its data stays. Returns false when it was unknown or already revoked. */
  revoke(id: string, at: string): boolean {
    return this.revokeStmt.run(at, id).changes === 1;
  }

  lastCreatedMicros(id: string): number {
    return this.lastStmt.get(id)?.last_created_us ?? 0;
  }

  saveLastCreatedMicros(id: string, micros: number): void {
    this.saveLastStmt.run(micros, id, micros);
  }
}
