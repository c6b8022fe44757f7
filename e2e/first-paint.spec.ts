import { BOTH_MODES_TAG, expect, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';

// Issue #33: the list is drawn before the app's JavaScript runs, from one request the app then takes
// as its own; the app's page replaces the drawing, and everything works as before.
test(
  'the workflows list is drawn from one request, which the app takes over, and then works as the app',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow }) => {
    await readyWorkflow(PROMPTS.approval, 'Drawn first');
    const listReads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/workflows(\?|$)/.test(r.url())) listReads.push(r.url());
    });
    // The moment the drawing first shows, and whether the app was running then.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        const drawing = document.getElementById('first-paint');
        if (!drawing?.querySelector('main ul li a')) return;
        (window as { drawnBeforeApp?: boolean }).drawnBeforeApp = !document.getElementById('root')?.hasChildNodes();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });

    await page.goto('/workflows');
    const rows = page.getByRole('main').getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    // The drawing is gone once the app shows its own page, which is interactive (its filter box).
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Filter workflows' })).toBeVisible();
    expect(await page.evaluate(() => (window as { drawnBeforeApp?: boolean }).drawnBeforeApp)).toBe(true);
    // One read of the list's first page served both.
    expect(listReads).toEqual([expect.stringMatching(/\/workflows\?limit=50$/)]);

    // The rows are the app's links: a click moves in the app, without loading the page again.
    const name = (await rows.first().locator('span.font-medium').textContent())!;
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await rows.first().getByRole('link').click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Pages the drawing does not cover start the app at once.
    await page.goto('/runs');
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
  },
);

test('without a key in this tab, nothing is drawn and the welcome page asks for one', async ({ page }) => {
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Welcome to Workflows', level: 1 })).toBeVisible();
  await expect(page.locator('#first-paint main')).toHaveCount(0);
});
