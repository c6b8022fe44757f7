import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium';
import type { ServerMode } from './e2e/support/fixtures';
import {
  BOTH_MODES_TAG,
  DEFAULT_BASE_URL,
  DEFAULT_PORT,
  E2E_API_KEY,
  E2E_OTHER_KEY,
  STRICT_V1_BASE_URL,
  STRICT_V1_PORT,
} from './e2e/support/servers';

export { E2E_API_KEY, E2E_OTHER_KEY };

// A fresh database per run and per service, so specs never see a previous run's workflows. Workers
// re-read this file, so the directories made by the main process travel in the environment.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wf-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const strictDataDir = process.env.E2E_STRICT_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wf-e2e-strict-'));
process.env.E2E_STRICT_DATA_DIR = strictDataDir;

/** One local service; Playwright starts them one after the other, so only the first builds the SPA. */
function service(port: number, dir: string, readyPath: string, extraEnv: Record<string, string> = {}) {
  return {
    command: 'npm start',
    url: `http://127.0.0.1:${port}${readyPath}`,
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
      ...extraEnv,
    },
  };
}

export default defineConfig<ServerMode>({
  testDir: './e2e',
  // Journeys are *.spec.ts; e2e/support's own unit tests (*.test.ts) run in vitest.
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: DEFAULT_BASE_URL,
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
      use: { browserName: 'chromium', baseURL: STRICT_V1_BASE_URL, strictV1: true },
    },
  ],
  webServer: [
    service(DEFAULT_PORT, dataDir, '/api/v1/openapi.json'),
    // Strict mode serves no openapi.json; an unauthenticated API call answering 401 means it is up.
    service(STRICT_V1_PORT, strictDataDir, '/api/v1/workflows', { WORKFLOW_STRICT_V1: '1' }),
  ],
});
