import { BOTH_MODES_TAG, E2E_API_KEY, expect, test } from './support/fixtures';
import { E2E_OTHER_KEY } from './support/servers';
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

test(
  'the server going away between the drawing and the app’s code: the page says so, and loads by itself when it answers',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow }) => {
    await readyWorkflow(PROMPTS.approval, 'Drawn before the outage');
    // The app's main module (and every question about it) meets a dead server until `down` ends.
    let down = true;
    await page.route(/\/assets\/app-[^/]*\.js/, (route) =>
      down ? route.abort('connectionrefused') : route.continue(),
    );
    await page.goto('/workflows');
    await expect(page.locator('#first-paint').getByRole('link', { name: 'Drawn before the outage' })).toBeVisible();
    const note = page
      .getByRole('alert')
      .filter({ hasText: 'The server is not answering, so the dashboard cannot load yet' });
    await expect(note).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(page.getByRole('searchbox', { name: 'Filter workflows' })).toHaveCount(0);

    down = false;
    // It asks again within 5 s, reloads, and the app takes over: the note goes, the page works.
    await expect(page.getByRole('searchbox', { name: 'Filter workflows' })).toBeVisible({ timeout: 10_000 });
    await expect(note).toHaveCount(0);
    await page.getByRole('link', { name: 'Runs', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
  },
);

test('without a key in this tab, nothing is drawn and the welcome page asks for one', async ({ page }) => {
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Welcome to Workflows', level: 1 })).toBeVisible();
  await expect(page.locator('#first-paint main')).toHaveCount(0);
});

// A returning visitor: the key remembered on this device, saved after a first visit. Outside strict
// mode the dashboard keeps it in a cookie for its own service, which then puts the list into the
// page's HTML itself; strict v1 offers no such thing, and the list is read by the script as before.
test(
  'a remembered key gets the list in the HTML itself, and a list drawn for another key never shows',
  { tag: BOTH_MODES_TAG },
  async ({ page, context, readyWorkflow, playwright, baseURL, strictV1 }) => {
    await readyWorkflow(PROMPTS.approval, 'Drawn by the service');
    const other = await playwright.request.newContext({
      baseURL: `${baseURL}/api/v1/`,
      extraHTTPHeaders: { 'x-api-key': E2E_OTHER_KEY },
    });
    const otherName = `Another account's ${Date.now()}`;
    expect((await other.post('workflows', { data: { prompt: PROMPTS.approval, name: otherName } })).status()).toBe(201);
    await other.dispose();

    // The first visit: the key remembered, as the settings page stores it with "Remember on this device".
    await page.goto('/runs');
    await page.evaluate((key) => {
      localStorage.setItem(
        'wf.profiles',
        JSON.stringify([{ id: 'local', name: 'Local', baseUrl: `${location.origin}/api/v1`, remember: true }]),
      );
      localStorage.setItem('wf.key.local', key);
    }, E2E_API_KEY);
    await page.goto('/workflows');
    await expect(page.getByRole('searchbox', { name: 'Filter workflows' })).toBeVisible();
    const listCookie = async () => (await context.cookies()).find((c) => c.name === 'wf_list_key');
    if (strictV1) {
      // The app has read the server's capabilities by the time the shell's lazy views are in; give it a moment.
      await page.waitForTimeout(1500);
      expect(await listCookie()).toBeUndefined();
    } else {
      await expect.poll(listCookie, { timeout: 10_000 }).toMatchObject({ value: E2E_API_KEY, sameSite: 'Strict' });
    }

    // The return: the HTML itself carries the list (outside strict mode), and the app reads it from there.
    const listReads: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/workflows(\?|$)/.test(r.url())) listReads.push(r.url());
    });
    const returned = await page.goto('/workflows');
    const served = await returned!.text();
    expect(served.includes('id="wf-first-answer"')).toBe(!strictV1);
    expect(served.includes('Drawn by the service')).toBe(!strictV1);
    expect(served).not.toContain(otherName);
    await expect(page.locator('#first-paint')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Filter workflows' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Drawn by the service').first()).toBeVisible();
    // One read of the list's first page per load: the service's (not seen here) or the script's.
    expect(listReads).toEqual(strictV1 ? [expect.stringMatching(/\/workflows\?limit=50$/)] : []);

    // A cookie left with another key (another tab's, saved before this tab's key changed): the service
    // draws that key's list, and this tab hides it from the first frame and shows its own. The page
    // is left first: the app writes its own key into the cookie once per load, after reading the
    // server's capabilities, and could otherwise overwrite the one set here before the next load.
    await page.goto('about:blank');
    await context.addCookies([{ name: 'wf_list_key', value: E2E_OTHER_KEY, url: baseURL! }]);
    await page.addInitScript(() => {
      addEventListener('DOMContentLoaded', () => {
        const host = document.getElementById('first-paint');
        (window as { servedShown?: boolean }).servedShown =
          host?.hasAttribute('data-served') === true && getComputedStyle(host).display !== 'none';
      });
    });
    const switched = await page.goto('/workflows');
    expect((await switched!.text()).includes(otherName)).toBe(!strictV1);
    await expect(page.getByRole('searchbox', { name: 'Filter workflows' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Drawn by the service').first()).toBeVisible();
    expect(await page.evaluate(() => (window as { servedShown?: boolean }).servedShown)).toBe(false);
    await expect(page.getByText(otherName)).toHaveCount(0);
  },
);
