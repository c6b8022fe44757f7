import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

async function check(page: Page, path: string, name: string, ready: (page: Page) => Promise<void>) {
  // Reduced motion turns colour transitions off, so axe never measures a colour halfway through one.
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.goto(path);
  await ready(page);
  await expectNoSeriousA11yViolations(page, name);
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoSeriousA11yViolations(page, `${name} (dark)`);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await screenshotBothThemes(page, name);
}

/** The every-format workflow with one finished run: the pages of a workflow and of a result show real content. */
async function finishedBrief(api: APIRequestContext, readyWorkflow: (prompt: string) => Promise<{ id: string }>) {
  const brief = await readyWorkflow(PROMPTS.everyFormat);
  const finished = await runUntil(api, brief.id, { company_name: 'Acme', website: 'https://acme.test' }, 'finished');
  return { brief, finished };
}

const heading = (name: string | RegExp) => async (p: Page) => {
  await expect(p.getByRole('heading', { name }).first()).toBeVisible();
};

test('every workflow page passes axe without serious or critical violations, in light and dark', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const { brief } = await finishedBrief(api, readyWorkflow);

  await check(page, '/workflows', 'workflows', heading('Workflows'));
  await check(page, '/workflows/new', 'new-workflow', heading('New workflow'));
  await check(page, `/workflows/${brief.id}`, 'run-form', async (p) => {
    await expect(p.getByLabel(/company name/i)).toBeVisible();
  });
  await check(page, `/workflows/${brief.id}/executions`, 'executions', async (p) => {
    await expect(p.getByRole('link', { name: /Finished/ }).first()).toBeVisible();
  });
  await check(page, `/workflows/${brief.id}/schema`, 'schema', heading('Input fields'));
  await check(page, `/workflows/${brief.id}/batch`, 'batch', async (p) => {
    await expect(p.getByRole('link', { name: 'Batch', exact: true })).toHaveAttribute('aria-current', 'page');
  });
  await check(page, '/workflows/00000000-0000-4000-8000-000000000000', 'not-found', heading('We couldn’t find that'));
  await check(page, '/settings', 'settings', heading('Settings'));
});

test('a finished, a waiting and a failed run’s page pass axe, in light and dark', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const { brief, finished } = await finishedBrief(api, readyWorkflow);
  const approval = await readyWorkflow(PROMPTS.approval);
  const guarded = await readyWorkflow(PROMPTS.guarded);
  const waiting = await runUntil(api, approval.id, { company_name: 'Initech' }, 'human_in_the_loop');
  const failed = await runUntil(api, guarded.id, { customer_name: 'Hooli', amount: -1 }, 'error');

  await check(page, `/workflows/${brief.id}/executions/${finished}`, 'execution-finished', heading('Results'));
  await check(
    page,
    `/workflows/${approval.id}/executions/${waiting}`,
    'execution-approval',
    heading('Waiting for approval'),
  );
  await check(page, `/workflows/${guarded.id}/executions/${failed}`, 'execution-error', async (p) => {
    await expect(p.getByRole('alert').filter({ hasText: 'This run failed' })).toBeVisible();
  });
});

test('the welcome page of a first visit without a key passes axe', async ({ page }) => {
  await check(page, '/', 'welcome', async (p) => {
    await expect(p.getByRole('heading', { name: 'Welcome to Workflows', level: 1 })).toBeVisible();
  });
});

test('pages fit a 375 px wide screen without sideways scrolling', async ({ connectedPage: page, readyWorkflow }) => {
  const workflow = await readyWorkflow(PROMPTS.form);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of [
    '/workflows',
    `/workflows/${workflow.id}`,
    `/workflows/${workflow.id}/executions`,
    '/workflows/new',
    '/settings',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  }
  await page.goto(`/workflows/${workflow.id}`);
  await screenshotBothThemes(page, 'run-form-375px');
});

test('the keyboard reaches everything: g w, / and visible focus', async ({ connectedPage: page, readyWorkflow }) => {
  await readyWorkflow(PROMPTS.noInput, 'Keyboard check');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByLabel('Filter workflows')).toBeVisible();
  await page.keyboard.press('/');
  const filter = page.getByLabel('Filter workflows');
  await expect(filter).toBeFocused();
  await page.keyboard.type('Keyboard check');
  await expect(page).toHaveURL(/q=Keyboard/);
  await expect(page.getByRole('link', { name: /Keyboard check/ })).toHaveCount(1);

  // Tab from the filter to the first row, then open it with Enter.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('href', /\/workflows\/[0-9a-f-]{36}$/);
  const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Keyboard check', level: 1 })).toBeVisible();
});
