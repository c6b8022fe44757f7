import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { E2E_API_KEY } from '../../playwright.config';

export { expect };

export interface WorkflowDetailJson {
  id: string;
  name: string;
  description: string;
  input_schema: Record<string, unknown> | null;
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

export const test = base.extend<Fixtures>({
  api: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({
      baseURL: `${baseURL}/api/v1/`,
      extraHTTPHeaders: { 'x-api-key': E2E_API_KEY },
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
            return detail.status;
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
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, `axe on ${label}`).toEqual([]);
}

const SCREENSHOT_DIR = 'test-results/screenshots';

/** Saves the page in light and dark (the app follows the system scheme) for people to look at. */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const scrollY = await page.evaluate(() => window.scrollY);
  // From the top, so the sticky header is drawn where it belongs in a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  // A full-page capture resizes the viewport for a moment; scrolling back settles the layout so the
  // next click lands where Playwright measured it.
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
