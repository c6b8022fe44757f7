import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate';
import type { StoreDialect } from './dialect';
import type { Database } from './schema';
import { CachedSqliteDialect } from './sqlite-dialect';

export type { StoreDialect } from './dialect';

/** A connected, migrated database and which SQL dialect it speaks. */
export interface OpenDatabase {
  kysely: Kysely<Database>;
  dialect: StoreDialect;
  /** SQLite only: runs a read at once when the connection is idle (see PreparedQuery). */
  readIfIdle?: ReadIfIdle;
  /** PostgreSQL only: runs a statement as a named prepared statement (see PreparedQuery). */
  runPrepared?: RunPrepared;
}

export type ReadIfIdle = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
export type RunPrepared = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;

// BIGINT (counts, ms and µs timestamps) and NUMERIC arrive as strings by default; every such value
// here fits well within 2^53, and the records promise numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** Replicas share the database; ten connections each keep a few replicas well under max_connections. */
const POOL_SIZE = 10;

/** Distinct statement texts given a name; past it (e.g. inserts of every row count) they run unnamed. */
const MAX_NAMED = 500;

function openPostgres(url: string): { kysely: Kysely<Database>; runPrepared: RunPrepared } {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle connection the server dropped (restart, failover) would otherwise crash the process
  // as an unhandled 'error' event; the pool discards it and the next query opens a new one.
  pool.on('error', () => undefined);
  // The same for a connection dropped while checked out (a query or transaction in flight): the pool
  // listens only to idle ones. The query itself still fails (503), and the pool discards the connection.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // Statements with parameters are named, so each connection parses and plans one once rather than
  // once per call; Kysely's statements (transactions included) and the hot ones alike. Not those with
  // a `*`: a column another replica's migration adds would change their result and fail the plan.
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    if (sql.includes('*')) return undefined;
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED) names.set(sql, (name = `s${names.size + 1}`));
    return name;
  };
  const runPrepared: RunPrepared = async (sql, parameters) =>
    (await pool.query({ name: nameOf(sql), text: sql, values: [...parameters] })).rows;
  const named: PostgresPool = {
    connect: async () => {
      const client = await pool.connect();
      // A cursor (Kysely's streaming, unused here) goes through as it is.
      const query = (sql: string | pg.Submittable, parameters: readonly unknown[] = []) =>
        typeof sql === 'string'
          ? client.query({
              name: parameters.length > 0 ? nameOf(sql) : undefined,
              text: sql,
              values: [...parameters],
            })
          : client.query(sql);
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
  return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool: named }) }), runPrepared };
}

/** Opens (creating if needed) `${dataDir}/service.db` in WAL mode. */
function openSqlite(dataDir: string): { kysely: Kysely<Database>; readIfIdle: ReadIfIdle } {
  // The database holds the signing secret, inputs and results: only this user may read it. SQLite
  // gives the -wal and -shm files the database file's mode.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, 'service.db');
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  const db = new BetterSqlite3(path);
  db.pragma('journal_mode = WAL');
  // NORMAL keeps every commit safe from a process crash (kill -9); only a power cut can lose the last few.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const dialect = new CachedSqliteDialect(db);
  return {
    kysely: new Kysely<Database>({ dialect }),
    readIfIdle: (sql, parameters) => dialect.driver.readIfIdle(sql, parameters),
  };
}

/**
 * PostgreSQL when `databaseUrl` is a postgres:// URL, else SQLite in `dataDir`; the schema is
 * brought up to date before this returns.
 */
export async function openDatabase(dataDir: string, databaseUrl: string | undefined): Promise<OpenDatabase> {
  const dialect: StoreDialect = databaseUrl ? 'postgres' : 'sqlite';
  if (databaseUrl && !/^postgres(?:ql)?:\/\//i.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL');
  }
  const opened = databaseUrl ? openPostgres(databaseUrl) : openSqlite(dataDir);
  try {
    await migrate(opened.kysely, dialect);
  } catch (error) {
    await opened.kysely.destroy();
    throw error;
  }
  return { ...opened, dialect };
}
