import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium';

const port = Number(process.env.E2E_PORT ?? 8787);
// A fresh database per run, so specs never see a previous run's workflows.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wf-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export const E2E_API_KEY = 'e2e-key-0123456789abcdef';
export const E2E_OTHER_KEY = 'e2e-other-key-0123456789';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/v1/openapi.json`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WORKFLOW_API_KEYS: `${E2E_API_KEY},${E2E_OTHER_KEY}`,
      WORKFLOW_TIME_SCALE: '0.05',
      WORKFLOW_RATE_LIMIT: '100000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
