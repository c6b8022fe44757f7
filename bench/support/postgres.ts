// The PostgreSQL the replicas bench runs on: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a throwaway
// cluster from scripts/pg-cluster.sh; each deployment gets a fresh schema `bench_<random>`, dropped after.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { root } from './service-api';

export interface Postgres {
  /** The cluster's URL (no schema), e.g. postgres://postgres@127.0.0.1:5432/postgres */
  url: string;
  /** Where it came from, for the log. */
  source: string;
  /** Stops the throwaway cluster, if the bench started one. */
  stop(): Promise<void>;
}

/** The cluster to use, or null (with the reason logged) when there is none. */
export async function findPostgres(): Promise<Postgres | null> {
  const given = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL' }
    : process.env.TEST_DATABASE_URL
      ? { url: process.env.TEST_DATABASE_URL, source: 'TEST_DATABASE_URL' }
      : null;
  if (given) return { ...given, stop: async () => {} };
  const script = join(root, 'scripts/pg-cluster.sh');
  if (!existsSync(script)) {
    console.log(
      '  no BENCH_DATABASE_URL or TEST_DATABASE_URL and no scripts/pg-cluster.sh: PostgreSQL figures skipped.',
    );
    return null;
  }
  // pg-cluster.sh wants a missing or empty directory; as root it hands it to the user `postgres`.
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  try {
    const url = execFileSync(script, ['start', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    return {
      url,
      source: `a throwaway cluster (scripts/pg-cluster.sh, ${dir})`,
      stop: async () => {
        execFileSync(script, ['stop', dir], { stdio: 'ignore' });
      },
    };
  } catch (err) {
    const stderr = (err as { stderr?: Buffer | string }).stderr?.toString().trim();
    console.log(`  scripts/pg-cluster.sh could not start a cluster (${stderr || (err as Error).message}).`);
    console.log('  PostgreSQL figures skipped; set BENCH_DATABASE_URL=postgres://… to measure them.');
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

export interface Schema {
  name: string;
  /** The cluster URL whose connections land in this schema (`options=-c search_path=<schema>`). */
  url: string;
  /** Runs one statement on the cluster, in the schema. */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

export async function freshSchema(clusterUrl: string): Promise<Schema> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await admin(clusterUrl, `CREATE SCHEMA ${name}`);
  const parsed = new URL(clusterUrl);
  const options = `options=${encodeURIComponent(`-c search_path=${name}`)}`;
  parsed.search = parsed.search ? `${parsed.search}&${options}` : `?${options}`;
  const url = parsed.toString();
  return {
    name,
    url,
    query: async <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: url, statement_timeout: 15_000 });
      await client.connect();
      try {
        return (await client.query<R>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => admin(clusterUrl, `DROP SCHEMA IF EXISTS ${name} CASCADE`),
  };
}

async function admin(url: string, sql: string): Promise<void> {
  // A replica killed mid-transaction could leave a lock behind: fail rather than wait forever.
  const client = new pg.Client({ connectionString: url, statement_timeout: 30_000, lock_timeout: 20_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Tables in the schema: none after a replica started means it did not use DATABASE_URL. */
export async function tableCount(schema: Schema): Promise<number> {
  const rows = await schema.query<{ n: string }>(
    'SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1',
    [schema.name],
  );
  return Number(rows[0]?.n ?? 0);
}
