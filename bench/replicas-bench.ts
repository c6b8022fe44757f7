// Issue #13's figures, side by side in one run: GET execution throughput and p99 on SQLite, on PostgreSQL
// with one replica and with two (the connections split between their ports), in interleaved rounds; then
// the time to drain 10,000 executions at time scale 0 on each, the drains also taking turns.
// Each deployment is its own set of service processes started as `npm start` starts them; each PostgreSQL
// deployment has its own fresh schema (see support/postgres.ts for where the cluster comes from).
// Knobs: BENCH_SECONDS (load per round is half of it, default 8), BENCH_ROUNDS (default 3),
// BENCH_DRAIN_ROUNDS (default 2; 0 skips the drains), BENCH_DRAIN_ITEMS (default 10,000), BENCH_DRAIN_TIMEOUT_MS (default
// 5 minutes per drain), BENCH_LEASE_SECONDS (the replicas' LEASE_SECONDS; default: the service's).
// Issue #24's goals are printed beside the ratios: PostgreSQL (one replica) serves GET execution at ≥ 40% of
// SQLite's rate, and drains in ≤ 2x SQLite's time.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Figure } from './service-bench';
import { describeRounds, measureInterleaved, median, type Measured } from './support/interleave';
import { findPostgres, freshSchema, tableCount, type Postgres, type Schema } from './support/postgres';
import { sleep } from './support/processes';
import {
  finishedExecution,
  json,
  KEY,
  round,
  startService,
  waitTerminal,
  type LocalService,
} from './support/service-api';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DRAIN_ROUNDS = Number(process.env.BENCH_DRAIN_ROUNDS ?? 2);
const ITEMS = Number(process.env.BENCH_DRAIN_ITEMS ?? 10_000);
const DRAIN_TIMEOUT_MS = Number(process.env.BENCH_DRAIN_TIMEOUT_MS ?? 5 * 60_000);
const LEASE = process.env.BENCH_LEASE_SECONDS;
const CONNECTIONS = 10;
const PG_ONE = 'PostgreSQL, 1 replica';
/** Issue #24's goals for PostgreSQL with one replica against SQLite. */
const GET_RATIO_GOAL = 0.4;
const DRAIN_RATIO_GOAL = 2;

interface Deployment {
  label: string;
  services: LocalService[];
  schema: Schema | null;
  wid: string;
  detailPath: string;
}

/** What to stop and remove at the end, filled as things start so a failure half-way still cleans up. */
interface Cleanup {
  services: LocalService[];
  dirs: string[];
  schemas: Schema[];
}

async function deploy(label: string, replicas: number, schema: Schema | null, cleanup: Cleanup): Promise<Deployment> {
  const services: LocalService[] = [];
  // One after the other: the first runs the migrations; the others find the schema ready.
  for (let i = 0; i < replicas; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'wf-bench-replica-'));
    cleanup.dirs.push(dir);
    const svc = await startService(dir, schema?.url ?? '', LEASE ? { LEASE_SECONDS: LEASE } : {});
    cleanup.services.push(svc);
    services.push(svc);
  }
  if (schema && (await tableCount(schema)) === 0) {
    throw new Error(`${label}: schema ${schema.name} has no tables, so the service did not use DATABASE_URL`);
  }
  const { wid, detailPath } = await finishedExecution(services[0]!.base);
  // Every replica serves the execution the first one ran: they share one database.
  for (const svc of services.slice(1)) await json(`${svc.base}${detailPath}`);
  return { label, services, schema, wid, detailPath };
}

/** Unfinished executions of the workflow (up to 100), from the account list's status filter. */
async function unfinished(base: string, wid: string): Promise<number> {
  const page = await json<{ data: unknown[] }>(
    `${base}/executions?workflow_id=${wid}&status=initial,processing,human_in_the_loop&limit=100`,
  );
  return page.data.length;
}

/** Seconds from submitting ITEMS executions (concurrency high) to the last one ending; null past the timeout. */
async function drain(d: Deployment): Promise<number | null> {
  const base = d.services[0]!.base;
  const body = JSON.stringify({ items: Array.from({ length: ITEMS }, () => ({})), concurrency: 'high' });
  const t0 = performance.now();
  const batch = await json<{ batch_id?: string; executions: Array<{ execution_id: string }> }>(
    `${base}/workflows/${d.wid}/executions/batch`,
    { method: 'POST', body },
  );
  try {
    await waitTerminal(base, d.wid, batch.executions.at(-1)!.execution_id, DRAIN_TIMEOUT_MS);
    while ((await unfinished(base, d.wid)) > 0) {
      if (performance.now() - t0 > DRAIN_TIMEOUT_MS) throw new Error('timeout');
      await sleep(200);
    }
  } catch (err) {
    const left = await unfinished(base, d.wid).catch(() => NaN);
    console.log(
      `  ${d.label}: drain gave up after ${round((performance.now() - t0) / 1000)} s (${left}+ left): ${err}`,
    );
    return null;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (d.schema && d.services.length > 1 && batch.batch_id) await logSplit(d, batch.batch_id);
  return seconds;
}

/** How the batch's executions split between the replicas, when the rows still name their owner. */
async function logSplit(d: Deployment, batchId: string) {
  try {
    const rows = await d.schema!.query<{ owner: string | null; n: number }>(
      'SELECT owner, count(*)::int AS n FROM executions WHERE batch_id = $1 GROUP BY owner ORDER BY n DESC',
      [batchId],
    );
    if (rows.some((r) => r.owner !== null)) {
      console.log(`  ${d.label}: executions per owner ${rows.map((r) => `${r.owner ?? 'none'} ${r.n}`).join(', ')}`);
    }
  } catch {
    // The owner column is an implementation detail; the split is only a log line.
  }
}

function getFigures(d: Deployment, m: Measured): Figure[] {
  const split = d.services.length > 1 ? ' (load split)' : '';
  return [
    { name: `GET execution, ${d.label}${split}`, value: Math.round(m.rps), unit: 'req/s' },
    { name: `GET execution p99, ${d.label}${split}`, value: m.p99, unit: 'ms' },
  ];
}

/** PostgreSQL's GET execution rate as a share of SQLite's (medians of the same interleaved rounds). */
function getRatio(ratio: number): Figure {
  const percent = Math.round(ratio * 100);
  console.log(`  PostgreSQL/SQLite GET execution rate: ${percent}% (goal ≥ ${GET_RATIO_GOAL * 100}%)`);
  return {
    name: 'PostgreSQL/SQLite GET execution rate',
    value: percent,
    unit: '%',
    goal: `≥ ${GET_RATIO_GOAL * 100}%`,
    ok: ratio >= GET_RATIO_GOAL,
  };
}

/** PostgreSQL's drain time as a multiple of SQLite's (medians); not met when either gave up. */
function drainRatio(pg: number[], sqlite: number[]): Figure {
  const complete = pg.length === DRAIN_ROUNDS && sqlite.length === DRAIN_ROUNDS;
  const ratio = complete ? round(median(pg) / median(sqlite)) : NaN;
  console.log(
    `  PostgreSQL/SQLite drain time: ${complete ? `${ratio}x` : 'not measured (a drain gave up)'} (goal ≤ ${DRAIN_RATIO_GOAL}x)`,
  );
  return {
    name: 'PostgreSQL/SQLite drain time',
    value: ratio,
    unit: 'x',
    goal: `≤ ${DRAIN_RATIO_GOAL}x`,
    ok: complete && ratio <= DRAIN_RATIO_GOAL,
  };
}

export async function runReplicasBench(): Promise<Figure[]> {
  console.log(
    `  load average at start ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} (2 cores: above 2 is a busy machine)`,
  );
  const cleanup: Cleanup = { services: [], dirs: [], schemas: [] };
  const figures: Figure[] = [];
  let pg: Postgres | null = null;
  try {
    const deployments = [await deploy('SQLite', 1, null, cleanup)];
    pg = await findPostgres();
    if (pg) {
      console.log(`  PostgreSQL: ${pg.source}`);
      try {
        for (const replicas of [1, 2]) {
          const schema = await freshSchema(pg.url);
          cleanup.schemas.push(schema);
          const label = replicas === 1 ? PG_ONE : `PostgreSQL, ${replicas} replicas`;
          deployments.push(await deploy(label, replicas, schema, cleanup));
        }
      } catch (err) {
        console.error(`  PostgreSQL deployments failed; SQLite figures only: ${(err as Error).stack ?? err}`);
        process.exitCode = 1;
        deployments.splice(1);
      }
    }

    const seconds = Math.max(2, Math.round(DURATION / 2));
    console.log(`  GET execution, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${seconds} s each…`);
    const targets = deployments.map((d) => ({
      label: d.label,
      urls: d.services.map((s) => `${s.base}${d.detailPath}`),
      headers: { 'x-api-key': KEY },
    }));
    const measured = await measureInterleaved(targets, { rounds: ROUNDS, seconds, connections: CONNECTIONS });
    for (const d of deployments) {
      console.log(`  ${describeRounds(d.label, measured.get(d.label)!)}`);
      figures.push(...getFigures(d, measured.get(d.label)!));
    }
    const pgGet = measured.get(PG_ONE);
    if (pgGet) figures.push(getRatio(pgGet.rps / measured.get('SQLite')!.rps));

    if (DRAIN_ROUNDS > 0) {
      console.log(`  drain ${ITEMS.toLocaleString('en')} executions, ${DRAIN_ROUNDS} interleaved round(s)…`);
    }
    const drains = new Map<string, Array<number | null>>(deployments.map((d) => [d.label, []]));
    for (let r = 0; r < DRAIN_ROUNDS; r++) {
      for (let i = 0; i < deployments.length; i++) {
        const d = deployments[(r + i) % deployments.length]!;
        drains.get(d.label)!.push(await drain(d));
      }
    }
    for (const d of DRAIN_ROUNDS > 0 ? deployments : []) {
      const times = drains.get(d.label)!;
      const done = times.filter((t): t is number => t !== null);
      console.log(`  drain, ${d.label}: ${times.map((t) => (t === null ? 'timeout' : `${round(t)} s`)).join(' / ')}`);
      const name = `drain ${ITEMS.toLocaleString('en')} at time scale 0, ${d.label}`;
      if (done.length === times.length) figures.push({ name, value: round(median(done)), unit: 's' });
      else figures.push({ name: `${name} (gave up)`, value: NaN, unit: 's', goal: 'drains', ok: false });
    }
    const drainTimes = (label: string) => drains.get(label)?.filter((t): t is number => t !== null) ?? [];
    if (DRAIN_ROUNDS > 0 && drains.has(PG_ONE)) figures.push(drainRatio(drainTimes(PG_ONE), drainTimes('SQLite')));
    if (!pg) console.log('  PostgreSQL figures skipped (no PostgreSQL found).');
  } finally {
    for (const svc of cleanup.services.reverse()) await svc.proc.stop();
    for (const schema of cleanup.schemas) await schema.drop().catch((e) => console.warn(`  drop ${schema.name}: ${e}`));
    for (const dir of cleanup.dirs) rmSync(dir, { recursive: true, force: true });
    await pg?.stop();
  }
  console.log(
    `  load average at end ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  return figures;
}
