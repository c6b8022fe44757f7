import type { Db } from './database';

/** Small service-wide settings (the file signing secret, the dev account) as key/value rows. */
export class MetaRepo {
  private readonly getStmt;
  private readonly setStmt;
  private readonly insertStmt;

  constructor(db: Db) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
    this.setStmt = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.insertStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING');
  }

  async get(key: string): Promise<string | undefined> {
    return this.getStmt.get(key)?.value;
  }

  async set(key: string, value: string): Promise<void> {
    this.setStmt.run(key, value);
  }

  /** Stores `value` unless the key already has one, and returns whichever value is stored. */
  async getOrInit(key: string, value: () => string): Promise<string> {
    const existing = await this.get(key);
    if (existing !== undefined) return existing;
    this.insertStmt.run(key, value());
    return (await this.get(key)) as string;
  }
}
