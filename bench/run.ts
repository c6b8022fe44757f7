// `npm run bench [service|lists|replicas|web|speed|runs|planner|fairness|model|retention|shared]`: prints figures and ratios, each measured side by side in
// this one run; with no argument, every section (about 20 minutes, most of it tracking a 10,000-row batch,
// scanning 10,000 runs at strict v1's rate limit and draining 10,000 runs on SQLite and PostgreSQL).
// Peers take turns in short rounds (BENCH_ROUNDS, default 3), as the 2-core machine is noisy. Knobs:
// BENCH_SECONDS (load per service figure, default 8, in rounds of half of it), BENCH_TRACKING_TIME_SCALE (default 0.04),
// BENCH_TRACKING_TIMEOUT_MS (default 10 minutes), BENCH_RUNS_STRICT_TIMEOUT_MS (default 4 minutes); the
// replicas section's PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else scripts/pg-cluster.sh.
import { cpus, loadavg } from 'node:os';
import { runServiceBench, type Figure } from './service-bench';

const sections: Array<[string, () => Promise<Figure[]>]> = [
  ['service', runServiceBench],
  ['lists', async () => (await import('./lists-bench')).runListsBench()],
  ['replicas', async () => (await import('./replicas-bench')).runReplicasBench()],
  ['web', async () => (await import('./web-bench')).runWebBench()],
  ['speed', async () => (await import('./web-speed')).runWebSpeedBench()],
  ['runs', async () => (await import('./runs-bench')).runRunsBench()],
  [
    'planner',
    async () => [
      ...(await (await import('./planner-bench')).runPlannerBench()),
      ...(await (await import('./planning-burst')).runPlanningBurst()),
    ],
  ],
  ['fairness', async () => (await import('./fairness-bench')).runFairnessBench()],
  ['model', async () => (await import('./model-bench')).runModelBench()],
  ['retention', async () => (await import('./retention-bench')).runRetentionBench()],
  ['shared', async () => (await import('./shared-batch-bench')).runSharedBatchBench()],
];

const only = process.argv[2];
if (only !== undefined && !sections.some(([name]) => name === only)) {
  console.error(
    `Unknown section "${only}". Use one of: ${sections.map(([name]) => name).join(', ')}, or none for all.`,
  );
  process.exit(2);
}

const started = performance.now();
const all: Figure[] = [];
for (const [name, run] of sections) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}`);
  const t0 = performance.now();
  try {
    const figures = await run();
    for (const f of figures) print(f);
    all.push(...figures);
  } catch (err) {
    console.error(`  ${name} bench failed: ${(err as Error).stack ?? String(err)}`);
    process.exitCode = 1;
  }
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  console.log(
    `  (${name} took ${minutes(performance.now() - t0)}; load average now ${load} on ${cpus().length} cores)`,
  );
}

console.log('\n== summary');
for (const f of all) print(f);
const missed = all.filter((f) => f.goal !== undefined && !f.ok).length;
console.log(
  `\n  ${all.filter((f) => f.goal !== undefined).length - missed} goals met, ${missed} not met; total time ${minutes(performance.now() - started)}`,
);

function print(f: Figure) {
  const goal = f.goal ? `  (goal ${f.goal}: ${f.ok ? 'met' : 'NOT met'})` : '';
  console.log(`  ${f.name.padEnd(58)} ${String(f.value).padStart(10)} ${f.unit}${goal}`);
}

function minutes(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}
