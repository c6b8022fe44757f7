import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** The DATABASE_URL a test service should use; undefined means SQLite in its data directory. */
  databaseUrl: string | undefined;
  /** Drops what `testDatabase()` created (once; later calls do nothing). */
  drop(): Promise<void>;
}

/**
 * The database of one test service. With `TEST_STORE=postgres` (the vitest project `service-postgres`) it
 * is a fresh schema `t_<random>` on `TEST_DATABASE_URL`, and the URL carries `options=-c search_path=…`
 * so every connection of the service's own pool lands in it; otherwise SQLite as always.
 */
export async function testDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_STORE !== 'postgres') return { databaseUrl: undefined, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_STORE=postgres needs TEST_DATABASE_URL=postgres://… (see docs/service.md)');
  return freshSchema(base);
}

/** A new empty schema on the cluster at `baseUrl`, and the URL whose connections use it. */
export async function freshSchema(baseUrl: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  await admin(baseUrl, `CREATE SCHEMA ${schema}`);
  let dropped: Promise<void> | undefined;
  return {
    databaseUrl: withSearchPath(baseUrl, schema),
    drop: () => (dropped ??= admin(baseUrl, `DROP SCHEMA IF EXISTS ${schema} CASCADE`)),
  };
}

/** `url` with `options=-c search_path=<schema>` (URL-encoded) added to its query. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  const options = `options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  parsed.search = parsed.search ? `${parsed.search}&${options}` : `?${options}`;
  return parsed.toString();
}

async function admin(url: string, sql: string): Promise<void> {
  // A connection the test's service left open in a transaction would make DROP wait forever: fail instead.
  const client = new pg.Client({ connectionString: url, statement_timeout: 15_000, lock_timeout: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
