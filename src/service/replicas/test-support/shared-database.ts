import pg from 'pg';
import { afterAll } from 'vitest';
import { freshSchema, type TestDatabase } from '../../test-support/test-database';
import { readyWorkflow } from './report-runs';
import { stopReplicas } from './replica';
import { watchExecutions, type Watch } from './watch-executions';

/** What a replica test starts from: the schema's address, its ready workflow, and a client on it. */
export interface SharedDatabase {
  url: string;
  workflowId: string;
  client: pg.Client;
  /** Starts watching the workflow's executions; the watch is stopped after the block if the test did not. */
  watch(): Watch;
}

/**
 * The set-up the replica tests share, for the describe block it is called in: a fresh schema of
 * `baseUrl` with one ready workflow of `key`'s account, and a client on it. After the block it
 * stops what `alsoStop` stops first, then the watch, the replicas, the client, and drops the schema.
 */
export function useSharedDatabase(
  baseUrl: string | undefined,
  key: string,
  workflowName: string,
  alsoStop: () => Promise<unknown> = async () => undefined,
): () => Promise<SharedDatabase> {
  let database: TestDatabase | undefined;
  let client: pg.Client | undefined;
  let watch: Watch | undefined;
  afterAll(async () => {
    await alsoStop();
    await watch?.stop();
    await stopReplicas();
    await client?.end();
    await database?.drop();
  });
  return async () => {
    if (!baseUrl) throw new Error('the replica tests need TEST_DATABASE_URL');
    database = await freshSchema(baseUrl);
    const url = database.databaseUrl!;
    const workflowId = await readyWorkflow(url, key, workflowName);
    const connected = new pg.Client({ connectionString: url });
    client = connected;
    await connected.connect();
    return { url, workflowId, client: connected, watch: () => (watch = watchExecutions(connected, workflowId)) };
  };
}
