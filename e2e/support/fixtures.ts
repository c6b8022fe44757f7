import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { E2E_API_KEY, serviceOrigin } from './servers';

export { expect };
export { BOTH_MODES_TAG, E2E_API_KEY } from './servers';

/** Which service a test talks to; the strict-v1 project sets it (see e2e/support/servers.ts). */
export interface ServerMode {
  /** True when the test runs against the strict-v1 service: no extensions, list items with four fields. */
  strictV1: boolean;
}

export interface WorkflowDetailJson {
  id: string;
  name: string;
  description: string;
  input_schema: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  status?: 'planning' | 'ready' | 'failed';
  planning_error?: string;
}

export interface Fixtures {
  /** The v1 API with the e2e key, for setting up data quickly. */
  api: APIRequestContext;
  /** A page whose Local profile already holds the e2e key (sessionStorage, as the settings page keeps it). */
  connectedPage: Page;
  /** Creates a workflow from a prompt through the API and waits until the planner made it ready. */
  readyWorkflow: (prompt: string, name?: string) => Promise<WorkflowDetailJson>;
}

/** Puts a key into the default Local profile before any page script runs. */
export async function connect(page: Page, key = E2E_API_KEY): Promise<void> {
  await page.addInitScript((k) => {
    if (!sessionStorage.getItem('wf.e2e.connected')) {
      sessionStorage.setItem('wf.key.local', k);
      sessionStorage.setItem('wf.e2e.connected', '1');
    }
  }, key);
}

export const test = base.extend<Fixtures & ServerMode>({
  strictV1: [false, { option: true }],

  // This worker's own service of the project's kind (see e2e/support/servers.ts).
  baseURL: async ({ strictV1 }, use, testInfo) => {
    await use(serviceOrigin(strictV1, testInfo.parallelIndex));
  },

  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({
      baseURL: `${baseURL}/api/v1/`,
      // A fresh connection each request: a socket left idle past the service's keep-alive (5 s, as a
      // test waits out an undo) can be closed just as it is reused, and the request hangs up.
      extraHTTPHeaders: { 'x-api-key': E2E_API_KEY, connection: 'close' },
    });
    await use(api);
    await api.dispose();
  },

  connectedPage: async ({ page }, use) => {
    await connect(page);
    await use(page);
  },

  readyWorkflow: async ({ api }, use) => {
    await use(async (prompt, name) => {
      const created = await api.post('workflows', { data: { prompt, ...(name ? { name } : {}) } });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      let detail: WorkflowDetailJson | undefined;
      await expect
        .poll(
          async () => {
            detail = (await (await api.get(`workflows/${id}`)).json()) as WorkflowDetailJson;
            // A strict-v1 service shows no status; planning is over once updated_at moves.
            return detail.status ?? (detail.updated_at !== detail.created_at ? 'ready' : 'planning');
          },
          { timeout: 30_000, intervals: [200, 300, 500] },
        )
        .toBe('ready');
      return detail!;
    });
  },
});

/** Runs axe and fails on serious or critical violations, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe on ${label}`).toEqual([]);
}

const SCREENSHOT_DIR = 'test-results/screenshots';

/**
 * Full-page captures are for people to look at, and CI has nobody looking: there they are taken only
 * with E2E_SCREENSHOTS=1. They cost a second or more each on a slow machine, over a hundred of them.
 */
const CAPTURE = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/**
 * Shows the page in light and dark (the app follows the system scheme), checking each one applies,
 * and saves both for people to look at (see CAPTURE).
 */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  if (!CAPTURE) {
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    }
    return;
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The strict-v1 project runs some specs again; its captures sit beside the default ones.
  const mode = test.info().project.name === 'strict-v1' ? '-strict-v1' : '';
  const scrollY = await page.evaluate(() => window.scrollY);
  // From the top, so the sticky header is drawn where it belongs in a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}${mode}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  // A full-page capture resizes the viewport for a moment; scrolling back settles the layout so the
  // next click lands where Playwright measured it.
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The guarded workflow's text and number fields, read from its schema rather than assumed. */
export function textAndNumberFields(workflow: WorkflowDetailJson): { text: string; number: string } {
  const props = Object.entries((workflow.input_schema?.properties ?? {}) as Record<string, { type?: string }>);
  const number = props.find(([, s]) => s.type === 'number' || s.type === 'integer')?.[0];
  const text = props.find(([, s]) => s.type === 'string')?.[0];
  if (number === undefined || text === undefined)
    throw new Error(`unexpected schema ${JSON.stringify(workflow.input_schema)}`);
  return { text, number };
}
