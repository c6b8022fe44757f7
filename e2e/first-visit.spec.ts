import type { Page } from '@playwright/test';
import { BOTH_MODES_TAG, E2E_API_KEY, expect, screenshotBothThemes, test } from './support/fixtures';
import { OwnService } from './support/own-service';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

const welcomeHeading = (page: Page) => page.getByRole('heading', { name: 'Welcome to Workflows', level: 1 });
const workflowsHeading = (page: Page) => page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 });
const headerMeter = (page: Page) => page.getByRole('banner').getByRole('meter', { name: 'Request budget' });

/** Captures the page at 1280 and 375 px, light and dark, for people to look at. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotBothThemes(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Connects the tab through the welcome page, without "Remember on this device". */
async function connectOnWelcome(page: Page) {
  await page.goto('/');
  await expect(welcomeHeading(page)).toBeVisible();
  await page.getByLabel('API key').fill(E2E_API_KEY);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(workflowsHeading(page)).toBeVisible();
}

test.describe('a fresh local service that made its own development key', () => {
  let service: OwnService;
  // With no WORKFLOW_API_KEYS the service makes a development key and tells it to loopback visitors.
  test.beforeAll(async () => {
    service = await OwnService.start({ WORKFLOW_API_KEYS: '' });
  });
  test.afterAll(async () => {
    await service?.stop();
  });

  test('the first visit lands on the workflows, connected, with no stop in settings', async ({ page }) => {
    await page.goto(`${service.origin}/`);
    await expect(workflowsHeading(page)).toBeVisible();
    await expect(page).toHaveURL(`${service.origin}/workflows`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'New workflow' })).toBeVisible();
    // The development key is kept for this tab only, like a typed one.
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('wf.key.local'),
      local: localStorage.getItem('wf.key.local'),
    }));
    expect(stored.session).toMatch(/\S{8,}/);
    expect(stored.local).toBeNull();
    await atBothWidths(page, 'first-visit-workflows');
  });

  test('settings says the key is the development key only while the field holds it', async ({ page }) => {
    await page.goto(`${service.origin}/settings`);
    const note = page.getByText('This is the development key the local service printed at start-up.');
    await expect(note).toBeVisible();
    await atBothWidths(page, 'first-visit-settings');
    await page.getByLabel('API key').fill('my-own-key-0123456789');
    await expect(note).toHaveCount(0);
    await expect(page.getByText(/Paste your API key. Keys are made in the account’s settings/)).toBeVisible();
  });
});

test(
  'without a known key the welcome says what the dashboard is and asks for the key right there',
  { tag: BOTH_MODES_TAG },
  async ({ page, strictV1 }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(welcomeHeading(page)).toBeVisible();
    await expect(page.getByText('Run it for one person, or for every row of a spreadsheet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
    if (!strictV1) await atBothWidths(page, 'welcome');

    const key = page.getByLabel('API key');
    await expect(key).toBeFocused();
    await key.fill('not-the-key-0000000000');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('The server did not accept this key. Check it and try again.')).toBeVisible();
    await expect(key).toHaveAttribute('aria-invalid', 'true');

    await key.fill(E2E_API_KEY);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(workflowsHeading(page)).toBeVisible();
  },
);

test(
  'a link opened in a new tab of the same browser lands on its page, connected',
  { tag: BOTH_MODES_TAG },
  async ({ page, context, api, readyWorkflow }) => {
    test.setTimeout(90_000);
    const workflow = await readyWorkflow(PROMPTS.noInput, 'Opened in a new tab');
    const run = await runUntil(api, workflow.id, {}, 'finished');
    await connectOnWelcome(page);

    const second = await context.newPage();
    await second.goto(`/workflows/${workflow.id}/executions/${run}`);
    await expect(second.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(second).toHaveURL(new RegExp(`/workflows/${workflow.id}/executions/${run}$`));
    // Shared with the new tab, still not written where it would outlive the tabs.
    expect(await second.evaluate(() => localStorage.getItem('wf.key.local'))).toBeNull();

    // Ctrl+click (Cmd+click on a Mac) on a workflow opens it in a new tab, connected too.
    await page.getByLabel('Filter workflows').fill('Opened in a new tab');
    const [third] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('link', { name: /Opened in a new tab/ })
        .first()
        .click({ modifiers: ['ControlOrMeta'] }),
    ]);
    await expect(third).toHaveURL(new RegExp(`/workflows/${workflow.id}`));
    await expect(third.getByRole('heading', { name: 'Opened in a new tab', level: 1 })).toBeVisible();
    await expect(welcomeHeading(third)).toHaveCount(0);
  },
);

test(
  'a new tab whose open tab is too busy to answer at once shows the welcome, then goes on to its page when the answer comes',
  { tag: BOTH_MODES_TAG },
  async ({ page, context, api, readyWorkflow }) => {
    test.setTimeout(90_000);
    const workflow = await readyWorkflow(PROMPTS.noInput, 'Opened while the first tab was busy');
    const run = await runUntil(api, workflow.id, {}, 'finished');
    await connectOnWelcome(page);

    // The open tab's main thread is blocked for longer than a new tab waits before its first page.
    const busy = page.evaluate(() => {
      const until = performance.now() + 2500;
      while (performance.now() < until);
    });
    const second = await context.newPage();
    await second.goto(`/workflows/${workflow.id}/executions/${run}`);
    await expect(second.getByRole('heading', { name: 'Results' })).toBeVisible();
    await expect(second).toHaveURL(new RegExp(`/workflows/${workflow.id}/executions/${run}$`));
    await busy;
  },
);

test('without Remember on this device the key stays in this browser’s open tabs only', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await connectOnWelcome(page);

  // Another browser (a fresh context) has no tab to ask: it gets the welcome.
  const elsewhere = await browser.newContext({ baseURL });
  const there = await elsewhere.newPage();
  await there.goto('/workflows');
  await expect(welcomeHeading(there)).toBeVisible();
  await expect(there).toHaveURL(/\/welcome\?redirect=%2Fworkflows$/);
  await elsewhere.close();

  // Once the last tab that held it closes, a new tab of this browser needs the key again.
  const next = await context.newPage();
  await page.close();
  await next.goto('/workflows');
  await expect(welcomeHeading(next)).toBeVisible();
});

test('the request meter stays out of the header until the budget is tight, and Settings always shows it', async ({
  connectedPage: page,
}) => {
  await page.goto('/workflows');
  await expect(workflowsHeading(page)).toBeVisible();
  await expect(headerMeter(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('meter', { name: 'Request budget' })).toBeVisible();
  await expect(main.getByText(/^\d+ of 100 requests used in the last minute/)).toBeVisible();
  await expect(headerMeter(page)).toHaveCount(0);

  // One request a minute: the page's own requests use the budget up, and the header says so.
  await page.getByLabel('Requests per minute').fill('1');
  await page.getByRole('button', { name: 'Save budget' }).click();
  await page.getByRole('link', { name: 'Workflows', exact: true }).click();
  await expect(headerMeter(page)).toBeVisible();
  await expect(headerMeter(page)).toHaveAttribute('aria-valuetext', /of 1 requests used in the last minute/);
});
