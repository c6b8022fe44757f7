// Vitest globalSetup of the `service-postgres` project: without TEST_DATABASE_URL (a developer's machine
// with PostgreSQL installed), starts a throwaway cluster with scripts/pg-cluster.sh for this run and stops
// it afterwards. Test workers are forked after this runs, so they inherit TEST_DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./pg-cluster.sh', import.meta.url));

export default function setup(): (() => void) | undefined {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-vitest-'));
  let url: string;
  try {
    url = execFileSync('bash', [SCRIPT, 'start', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (error) {
    throw new Error(
      `PostgreSQL is installed but scripts/pg-cluster.sh could not start a cluster for the service-postgres tests ` +
        `(set TEST_DATABASE_URL to use another, or run vitest --project unit): ${(error as Error).message}`,
    );
  }
  process.env.TEST_DATABASE_URL = url.trim();
  return () => {
    delete process.env.TEST_DATABASE_URL;
    execFileSync('bash', [SCRIPT, 'stop', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  };
}
