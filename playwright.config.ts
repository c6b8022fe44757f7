import { defineConfig } from '@playwright/test';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium';
import type { ServerMode } from './e2e/support/fixtures';
import { BOTH_MODES_TAG, E2E_API_KEY, E2E_OTHER_KEY, E2E_WORKERS, servicePort } from './e2e/support/servers';

export { E2E_API_KEY, E2E_OTHER_KEY };

// A fresh database per run and per service, so specs never see a previous run's workflows. Workers
// re-read this file, so the directories made by the main process travel in the environment.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wf-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/**
 * Worker `parallelIndex`'s default or strict-v1 service, each in its own directory under dataDir.
 * Playwright starts them one after the other, so only the first builds the SPA.
 */
function service(strictV1: boolean, parallelIndex: number) {
  const port = servicePort(strictV1, parallelIndex);
  const dir = join(dataDir, `${strictV1 ? 'strict' : 'default'}-${parallelIndex}`);
  mkdirSync(dir, { recursive: true });
  return {
    command: 'npm start',
    // Strict mode serves no openapi.json; an unauthenticated API call answering 401 means it is up.
    url: `http://127.0.0.1:${port}${strictV1 ? '/api/v1/workflows' : '/api/v1/openapi.json'}`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WORKFLOW_API_KEYS: `${E2E_API_KEY},${E2E_OTHER_KEY}`,
      WORKFLOW_TIME_SCALE: '0.05',
      WORKFLOW_RATE_LIMIT: '100000',
      // Every spec shares one client address; wrong-key specs must not lock the others out.
      WORKFLOW_KEY_FAILURE_LIMIT: '100000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(strictV1 ? { WORKFLOW_STRICT_V1: '1' } : {}),
    },
  };
}

export default defineConfig<ServerMode>({
  testDir: './e2e',
  // Journeys are *.spec.ts; e2e/support's own unit tests (*.test.ts) run in vitest.
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  // Each worker talks to its own two services (e2e/support/servers.ts), and a spec file's tests run in
  // order in one worker: some follow on from the one before.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  // baseURL is the worker's own service: the fixture in e2e/support/fixtures.ts.
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' } },
    // The tests tagged @both-modes once more, against the strict-v1 service (see e2e/support/servers.ts).
    {
      name: 'strict-v1',
      grep: new RegExp(BOTH_MODES_TAG),
      use: { browserName: 'chromium', strictV1: true },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => [service(false, index), service(true, index)]).flat(),
});
