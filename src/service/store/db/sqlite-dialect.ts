import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** Distinct statements kept prepared; the service has a few hundred shapes at most. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * One better-sqlite3 connection that keeps its prepared statements by SQL text. Kysely's stock
 * SqliteDriver prepares on every call, which costs more than the query itself on the hot reads.
 */
class CachedSqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: SqliteDatabase) {}

  statement(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      stmt = this.db.prepare(sql);
      // Oldest first out: a Map iterates in insertion order, so this is cheap and bounded.
      if (this.statements.size >= STATEMENT_CACHE_SIZE) {
        this.statements.delete(this.statements.keys().next().value as string);
      }
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const stmt = this.statement(compiled.sql);
      const parameters = compiled.parameters as unknown[];
      if (stmt.reader) return Promise.resolve({ rows: stmt.all(parameters) as R[] });
      const { changes, lastInsertRowid } = stmt.run(parameters);
      return Promise.resolve({
        numAffectedRows: BigInt(changes),
        insertId: BigInt(lastInsertRowid),
        rows: [],
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  // eslint-disable-next-line require-yield -- the store never streams; Kysely's interface asks for it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the store');
  }
}

/**
 * SQLite has one connection per process here: a transaction holds it, and every other query waits
 * until the holder releases it. The lock is a plain flag plus a queue, so the uncontended path
 * never waits on a promise of its own.
 */
class CachedSqliteDriver implements Driver {
  private readonly connection: CachedSqliteConnection;
  private locked = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly db: SqliteDatabase) {
    this.connection = new CachedSqliteConnection(db);
  }

  async init(): Promise<void> {}

  /**
   * Runs a read at once when no one holds the connection (nothing can interleave: it is
   * synchronous), or returns undefined so the caller goes through Kysely and waits its turn.
   */
  readIfIdle(sql: string, parameters: readonly unknown[]): unknown[] | undefined {
    if (this.locked) return undefined;
    return this.connection.statement(sql).all(parameters as unknown[]);
  }

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve(this.connection);
    }
    return new Promise((resolve) => this.waiting.push(() => resolve(this.connection)));
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    // The lock passes straight to the next waiter, so nobody can slip in between.
    if (next) next();
    else this.locked = false;
  }

  // IMMEDIATE takes the write lock at BEGIN: a second process (keys CLI) then waits on busy_timeout
  // instead of failing with SQLITE_BUSY when both try to upgrade a read transaction.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** Kysely's SQLite SQL (compiler, adapter) over the caching driver above. */
export class CachedSqliteDialect implements Dialect {
  readonly driver: CachedSqliteDriver;

  constructor(db: SqliteDatabase) {
    this.driver = new CachedSqliteDriver(db);
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
