import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_API_KEY, connect, expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { runUntil, waitForStatus } from './support/runs';

// These journeys use the local service's approval and keys extensions, which a strict-v1 server does not offer.

test('a rejected run is its own outcome in the workflows list, and no rate counts it as a failure', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const workflow = await readyWorkflow(PROMPTS.approval, `Rejected outcome ${Date.now().toString(36)}`);
  const approved = await runUntil(api, workflow.id, { company_name: 'Initech' }, 'human_in_the_loop');
  await api.post(`workflows/${workflow.id}/executions/${approved}/approval`, { data: { approved: true } });
  await waitForStatus(api, workflow.id, approved, 'finished');
  const rejected = await runUntil(api, workflow.id, { company_name: 'Hooli' }, 'human_in_the_loop');
  const decided = await api.post(`workflows/${workflow.id}/executions/${rejected}/approval`, {
    data: { approved: false, comment: 'too long' },
  });
  expect(decided.status(), await decided.text()).toBeLessThan(300);
  await waitForStatus(api, workflow.id, rejected, 'error');

  await page.goto('/workflows');
  const row = page.getByRole('listitem').filter({ hasText: workflow.name });
  await expect(row).toContainText('Last run rejected');
  await expect(row).not.toContainText('Last run failed');
  await expect(row).toContainText('100% succeeded in the last 7 days · 1 rejected');
  await screenshotBothThemes(page, 'workflows-last-run-rejected');
});

/** A person coming back to the tab (React Query and the key watch both listen for it). */
const returnToTab = (page: Page) =>
  page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

/** A key made through the API for a second browser, with the way to revoke it. */
async function secondBrowserKey(api: APIRequestContext) {
  const made = await api.post('keys', { data: { name: `Second browser ${Date.now().toString(36)}` } });
  expect(made.status(), await made.text()).toBe(201);
  const { id, key } = (await made.json()) as { id: string; key: string };
  const revoke = async () => {
    const revoked = await api.post(`keys/${id}/revoke`);
    expect(revoked.status()).toBe(200);
    return ((await revoked.json()) as { revoked_at: string }).revoked_at;
  };
  return { key, revoke };
}

// The watch behind the banner spends almost none of the key's budget on an idle page (see
// idle-budget.spec.ts): a revocation shows with the page's next request, or when the person comes back.
test('a key revoked elsewhere says so at the page’s next request, with when, and the runs page stops claiming Live', async ({
  browser,
  api,
  baseURL,
}) => {
  const { key, revoke } = await secondBrowserKey(api);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await connect(page, key);
  await page.goto('/runs');
  await expect(page.getByText(/Live · checked/)).toBeVisible();

  const revokedAt = await revoke();

  // The runs list reads again every 10 s: its next answer is the refusal. How soon is the
  // interval's business; this waits past one interval plus a slow answer on a loaded machine
  // (an earlier 13 s wall-clock bound failed in CI with nothing wrong but load).
  const banner = page.getByRole('alert').filter({ hasText: 'This key was revoked' });
  await expect(banner).toBeVisible({ timeout: 25_000 });
  // When, as this browser writes dates (the same format every page uses).
  const when = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso)),
    revokedAt,
  );
  await expect(banner).toContainText(`This key was revoked on ${when}.`);
  await expect(page.getByText(/Live · checked/)).toHaveCount(0);
  await expect(page.getByText('Not updating: this key was revoked')).toBeVisible();
  await screenshotBothThemes(page, 'key-revoked-banner');

  // The service's own answer says so too.
  const answer = await page.request.get('/api/v1/workflows', { headers: { 'x-api-key': key } });
  expect(answer.status()).toBe(401);
  expect(((await answer.json()) as { error: string }).error).toMatch(
    /^this API key was revoked on \d{4}-\d{2}-\d{2} at/,
  );
  await context.close();
  expect((await api.get('workflows')).status()).toBe(200);
  expect(E2E_API_KEY).not.toBe(key);
});

test('a key revoked while its page sat idle says so when the person comes back to the tab', async ({
  browser,
  api,
  baseURL,
}) => {
  const { key, revoke } = await secondBrowserKey(api);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await connect(page, key);
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  // What the page shows is older than 5 s, as after a while away.
  await page.waitForTimeout(6_000);

  await revoke();
  await returnToTab(page);
  // Coming back reads at once rather than at the next interval; the bound leaves room for a loaded machine.
  await expect(page.getByRole('alert').filter({ hasText: 'This key was revoked' })).toBeVisible({ timeout: 8_000 });
  await context.close();
});

test('a new key comes into view with focus on Copy key, and leaving the page while it shows asks first', async ({
  connectedPage: page,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/settings');
  const name = `Phone key ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: /Name of the new key/ }).fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();

  const copy = page.getByRole('button', { name: 'Copy key' });
  await expect(copy).toBeFocused();
  await expect(copy).toBeInViewport();
  await expect(page.getByRole('textbox', { name: `New key for ${name}` })).toBeInViewport();
  await screenshotBothThemes(page, 'new-key-in-view-375');

  // Going to another page asks; saying no keeps the key on screen.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  // `g w` goes to the workflows from anywhere (the phone header keeps its links in a menu).
  await page.keyboard.press('g');
  await page.keyboard.press('w');
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('shown only this once');
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByRole('textbox', { name: `New key for ${name}` })).toBeVisible();

  // Once done with it, the page may be left without a question.
  await page.getByRole('button', { name: 'Done' }).click();
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  });
  await page.goto('/workflows');
  await expect(page).toHaveURL(/\/workflows$/);
  expect(asked).toHaveLength(1);
});
