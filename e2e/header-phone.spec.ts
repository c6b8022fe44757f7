import { type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, screenshotBothThemes, test, type Fixtures } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { startRun, waitForStatus } from './support/runs';

/** The main links, by the names people and the other specs find them with. */
const LINKS: { name: string | RegExp; exact?: boolean; label: string; url: RegExp }[] = [
  { name: 'Workflows', exact: true, label: 'Workflows', url: /\/workflows$/ },
  { name: /^Approvals/, label: 'Approvals', url: /\/approvals$/ },
  { name: 'Runs', exact: true, label: 'Runs', url: /\/runs$/ },
  { name: 'Settings', exact: true, label: 'Settings', url: /\/settings$/ },
];

const header = (page: Page) => page.getByRole('banner');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const menuButton = (page: Page) => nav(page).getByRole('button', { name: 'Menu' });
/** The app's name beside its logo, at the start of the header. */
const brandName = (page: Page) => header(page).getByRole('link', { name: 'Workflows home' }).getByText('Workflows');

/** What sticks out sideways: the page, the header, and anything inside it that scrolls or clips. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const banner = document.querySelector('header')!;
    const clipped = [...banner.querySelectorAll<HTMLElement>('*')]
      // Text for screen readers only is clipped on purpose.
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .filter((el) => getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${el.scrollWidth}>${el.clientWidth}`);
    const offscreen = [...banner.querySelectorAll<HTMLElement>('a, button, select, [role="meter"]')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < 0 || box.right > root.clientWidth + 0.5;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent);
    // Controls squeezed onto each other: a shrunken menu button under the Find button, say.
    const controls = [...banner.querySelectorAll<HTMLElement>('a, button, select')].filter(
      (el) => el.getClientRects().length > 0,
    );
    const overlapping = controls.flatMap((a, i) =>
      controls.slice(i + 1).flatMap((b) => {
        const [r, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const wide = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        const high = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        const name = (el: HTMLElement) => el.getAttribute('aria-label') ?? el.textContent;
        return wide > 1 && high > 1 ? [`${name(a)} / ${name(b)}`] : [];
      }),
    );
    return {
      page: root.scrollWidth - root.clientWidth,
      header: banner.scrollWidth - banner.clientWidth,
      clipped,
      offscreen,
      overlapping,
    };
  });
}

const FITS = { page: 0, header: 0, clipped: [], offscreen: [], overlapping: [] };

/** A second connection profile, so the header shows the profile switcher too. */
async function twoProfiles(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem(
      'wf.profiles',
      JSON.stringify([
        { id: 'local', name: 'Local', baseUrl: `${location.origin}/api/v1`, remember: false },
        { id: 'staging', name: 'Staging (eu-west-1)', baseUrl: 'http://127.0.0.1:9/api/v1', remember: false },
      ]),
    );
  });
}

/** The link is on screen, whole, and nothing covers its middle. */
async function expectReachable(page: Page, link: ReturnType<Page['getByRole']>) {
  await expect(link).toBeVisible();
  const box = (await link.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'starts on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends on screen').toBeLessThanOrEqual(width);
  const onTop = await link.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(onTop, 'nothing covers it').toBe(true);
}

test.describe('the header on a 375 px phone', () => {
  test.beforeEach(async ({ connectedPage: page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/workflows');
    await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  });

  test('fits without sideways scrolling, and every main link is reachable', async ({ connectedPage: page }) => {
    expect(await sidewaysOverflow(page)).toEqual(FITS);
    await expect(header(page).getByRole('button', { name: 'Find a run or workflow' })).toBeVisible();
    // The request meter shows only when the budget is tight (first-visit.spec.ts); the header has room.
    await expect(header(page).getByRole('meter', { name: 'Request budget' })).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: /^Theme: / })).toBeVisible();

    for (const { name, exact, url } of LINKS) {
      const link = nav(page).getByRole('link', { name, exact });
      if (!(await link.isVisible())) await menuButton(page).click();
      await expectReachable(page, link);
      expect(await sidewaysOverflow(page)).toEqual(FITS);
      await link.click();
      await expect(page).toHaveURL(url);
      // Following a link closes the menu.
      if (await menuButton(page).isVisible()) await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    }
  });

  test('the menu is a disclosure: aria-expanded, aria-controls, Escape and outside clicks close it', async ({
    connectedPage: page,
  }) => {
    const button = menuButton(page);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    const controls = await button.getAttribute('aria-controls');
    expect(controls).toBeTruthy();
    const panel = page.locator(`[id="${controls}"]`);
    await expect(panel).toBeHidden();
    await expect(page.getByRole('link', { name: 'Runs', exact: true })).toHaveCount(0);
    await screenshotBothThemes(page, 'header-phone-375');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Runs', exact: true })).toBeVisible();
    await screenshotBothThemes(page, 'header-phone-375-menu');
    await expectNoSeriousA11yViolations(page, 'the open phone menu');

    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    // Keyboard: Enter opens it, Tab walks into the links.
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('link', { name: 'Workflows', exact: true })).toBeFocused();

    // The panel covers the top of the page; a tap below it closes it.
    await page.mouse.click(4, 780);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('Find still opens from the button and from Ctrl+K', async ({ connectedPage: page }) => {
    const dialog = page.getByRole('dialog', { name: 'Find a run or workflow' });
    await header(page).getByRole('button', { name: 'Find a run or workflow' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Control+K');
    await expect(dialog).toBeVisible();
  });
});

/**
 * Runs `journey` while one run of an approval workflow waits, so the Approvals link carries its count
 * (the widest the header's links get); the run is rejected afterwards, as the approvals journey counts
 * every waiting run of the account.
 */
async function withWaitingRun(
  { api, readyWorkflow }: Pick<Fixtures, 'api' | 'readyWorkflow'>,
  journey: () => Promise<void>,
) {
  const workflow = await readyWorkflow(PROMPTS.approval, 'Phone approval');
  const id = await startRun(api, workflow.id, { company_name: 'Initech' });
  try {
    await waitForStatus(api, workflow.id, id, 'human_in_the_loop');
    await journey();
  } finally {
    await api.post(`workflows/${workflow.id}/executions/${id}/approval`, {
      data: { approved: false, comment: 'left by the phone header journey' },
    });
  }
}

const approvalsWithCount = (page: Page) => nav(page).getByRole('link', { name: /^Approvals, \d+\+? waiting$/ });

test('on a phone a dot on the menu button tells runs wait for approval; the count is inside', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  await withWaitingRun({ api, readyWorkflow }, async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/workflows');
    const dot = menuButton(page).locator('span');
    await expect(dot).toBeVisible({ timeout: 40_000 });
    await menuButton(page).click();
    await expectReachable(page, approvalsWithCount(page));
    expect(await sidewaysOverflow(page)).toEqual(FITS);
    await screenshotBothThemes(page, 'header-phone-375-menu-waiting');
  });
});

test('with two profiles a 375 px phone fits too, and the profile switcher stays', async ({ connectedPage: page }) => {
  await twoProfiles(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  await expect(header(page).getByRole('combobox', { name: 'Connection profile' })).toBeVisible();
  await expect(brandName(page)).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual(FITS);
  await menuButton(page).click();
  await expectReachable(page, nav(page).getByRole('link', { name: 'Runs', exact: true }));
  await screenshotBothThemes(page, 'header-phone-375-profiles-menu');
});

test('with two profiles and the request meter showing, a 375 px phone still fits', async ({ connectedPage: page }) => {
  await twoProfiles(page);
  // One request a minute: the page's first request makes the budget tight, so the header shows its meter.
  await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '1'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/workflows');
  await expect(header(page).getByRole('meter', { name: 'Request budget' })).toBeVisible();
  const fit = await sidewaysOverflow(page);
  expect({ ...fit, clipped: [] }, 'the app’s name may give way, nothing else').toEqual(FITS);
  await expect(menuButton(page)).toBeVisible();
  await screenshotBothThemes(page, 'header-phone-375-profiles-meter');
});

for (const profiles of [1, 2]) {
  // With a waiting run, so the Approvals link is as wide as it gets (its count loads after the page).
  test(`from 640 to 1280 px nothing in the header clips or scrolls (${profiles} profile${profiles > 1 ? 's' : ''})`, async ({
    connectedPage: page,
    api,
    readyWorkflow,
  }) => {
    test.setTimeout(120_000);
    if (profiles > 1) await twoProfiles(page);
    await withWaitingRun({ api, readyWorkflow }, async () => {
      await page.goto('/workflows');
      await expect(approvalsWithCount(page)).toBeAttached({ timeout: 40_000 });
      for (const width of [640, 768, 1024, 1279, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
        expect(await sidewaysOverflow(page), `at ${width} px`).toEqual(FITS);
        // A second profile no longer hides the app's name: it shows wherever the links fold into the menu.
        if (profiles > 1) await expect(brandName(page), `at ${width} px`).toBeVisible();
        if (width === 640 || width === 1024)
          await screenshotBothThemes(page, `header-phone-${width}-${profiles}-profiles`);
        if (await menuButton(page).isVisible()) await menuButton(page).click();
        for (const { name, exact } of LINKS) await expectReachable(page, nav(page).getByRole('link', { name, exact }));
        if (await menuButton(page).isVisible()) await page.keyboard.press('Escape');
      }
    });
  });
}

test('at 1280 px the links sit in the header as before, with no menu button', async ({ connectedPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  for (const { name, exact, label } of LINKS) {
    const link = nav(page).getByRole('link', { name, exact });
    await expectReachable(page, link);
    // The labels show beside the icons at this width.
    await expect(link).toContainText(label);
  }
  await expect(header(page).getByRole('link', { name: 'New workflow' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual(FITS);
  await screenshotBothThemes(page, 'header-phone-1280');
});
