import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

// vite.config.ts keeps the build and the test options every project shares (environment, pool, timeouts,
// the JSON report .ci/run sums). This file splits the tests into two projects:
//   unit              every test but the dashboard's, on SQLite, files sharing a worker's modules;
//   unit-web          the dashboard's tests (src/web), each file with modules of its own;
//   service-postgres  the service suites again with TEST_STORE=postgres, each test service in its own schema
//                     (src/service/test-support/test-database.ts), plus the cross-replica tests.
// service-postgres runs when TEST_DATABASE_URL is set (CI: .ci/run), or when PostgreSQL is installed: then
// scripts/vitest-postgres.ts starts a throwaway cluster for the run. `vitest run --project 'unit*'` skips it.
const { include: allTests, ...shared } = viteConfig.test ?? {};

/** Two service processes on one PostgreSQL: only in service-postgres. */
const REPLICAS = 'src/service/replicas/**';

/** Service tests that do not run again on PostgreSQL. */
const NOT_ON_POSTGRES = [
  // About the SQLite file itself; name new ones *.sqlite.test.ts.
  '**/*.sqlite.test.ts',
  'src/service/restart.test.ts', // kill -9 and restart on one service.db (replicas/ has the PostgreSQL twin)
  'src/service/http/hardening.test.ts', // file modes of service.db, its WAL and shared memory
  // Never open a store: planning, steps, configuration and start-up messages, the helpers' own tests.
  'src/service/{planner,steps,test-support}/**',
  'src/service/{config,startup-errors}.test.ts',
  // Start main.ts as a process on a DATA_DIR: what they check does not depend on the store.
  'src/service/{main,worker-startup}.test.ts',
];

const postgres = postgresForTests();

/** The dashboard's tests: many render into a DOM that Testing Library empties after each file's tests. */
const WEB = 'src/web/**';
const WEB_TESTS = ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'];

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: allTests,
      exclude: [...configDefaults.exclude, REPLICAS, WEB],
      env: { TEST_STORE: 'sqlite' },
      // Files share a worker's modules instead of loading them again each: most import the service or
      // the planner's language data, and loading those per file was 40% of the suite's time. Each test
      // opens its own service and store, so nothing a file leaves behind reaches the next.
      isolate: false,
    },
  },
  {
    extends: true,
    test: {
      name: 'unit-web',
      include: WEB_TESTS,
      exclude: configDefaults.exclude,
      // Testing Library registers its clean-up when a file imports it: with shared modules only the
      // first file would clean up, so these keep a fresh module graph per file.
      isolate: true,
    },
  },
];
if (postgres !== 'none') {
  projects.push({
    extends: true,
    test: {
      name: 'service-postgres',
      include: ['src/service/**/*.test.ts'],
      exclude: [...configDefaults.exclude, ...NOT_ON_POSTGRES],
      env: { TEST_STORE: 'postgres' },
      globalSetup: ['scripts/vitest-postgres.ts'],
      isolate: false, // as in unit: each test has its own schema
      // Every statement is a round trip here: draining the 10,000-run batch of executions-pages takes
      // a minute or more on a busy two-core machine, against seconds on SQLite.
      testTimeout: 180_000,
    },
  });
} else if (process.env.VITEST && !(globalThis as { pgNotePrinted?: boolean }).pgNotePrinted) {
  // Each project loads this file again: say it once.
  (globalThis as { pgNotePrinted?: boolean }).pgNotePrinted = true;
  console.log(
    'PostgreSQL: no TEST_DATABASE_URL and no initdb here, so the service suites run on SQLite only ' +
      '(project service-postgres skipped; see docs/service.md).',
  );
}

export default defineConfig({ ...viteConfig, test: { ...shared, projects } });

/** 'given': TEST_DATABASE_URL; 'local': a cluster can be started here; 'none': neither. */
function postgresForTests(): 'given' | 'local' | 'none' {
  if (process.env.TEST_DATABASE_URL) return 'given';
  const debian = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').map((version) => join('/usr/lib/postgresql', version, 'bin'))
    : [];
  const dirs = [process.env.PG_BIN, ...(process.env.PATH ?? '').split(delimiter), ...debian];
  const initdb = dirs.some((dir) => dir && existsSync(join(dir, 'initdb')));
  // As root, scripts/pg-cluster.sh runs the server as user postgres (Debian's package creates it).
  const runsAs =
    process.getuid?.() !== 0 || (existsSync('/etc/passwd') && /^postgres:/m.test(readFileSync('/etc/passwd', 'utf8')));
  return initdb && runsAs ? 'local' : 'none';
}
