import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

test(
  'on a phone the runs filters fold behind Filters, ids keep 8 characters and the badge heads each card',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow, strictV1 }) => {
    test.setTimeout(90_000);
    const workflow = await readyWorkflow(PROMPTS.guarded, `Phone invoices with a long name ${Date.now().toString(36)}`);
    const failed = await runUntil(api, workflow.id, { customer_name: 'Acme', amount: -5 }, 'error');
    const finished = await runUntil(api, workflow.id, { customer_name: 'Hooli', amount: 10 }, 'finished');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/runs');
    const list = page.getByRole('list', { name: 'Runs' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const filters = page.getByRole('button', { name: /^Filters/ });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
    // The first run is on the first screen, not under the filters.
    await expect(list.getByRole('listitem').first()).toBeInViewport();
    await screenshotBothThemes(page, 'runs-phone-filters-folded');

    await filters.click();
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
    await screenshotBothThemes(page, 'runs-phone-filters-open');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('error');
    await expect(page).toHaveURL(/status=error/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

    // The filtered answer has replaced the unfiltered list: the finished run, drawn above, is gone.
    await expect(list.getByRole('listitem').filter({ hasText: finished.slice(0, 8) })).toHaveCount(0);
    const row = list.getByRole('listitem').filter({ hasText: failed.slice(0, 8) });
    const id = row.getByTitle(failed);
    await expect(id).toHaveText(failed.slice(0, 8));
    // All eight characters show: the id is not cut with an ellipsis.
    expect(await id.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    // Both boxes are read in one frame, so a list still settling cannot put them in different places.
    const badgeTop = await row.evaluate((card) => {
      const badge = [...card.querySelectorAll('*')].filter((el) => el.textContent?.trim() === 'Error').at(-1);
      return badge!.getBoundingClientRect().top - card.getBoundingClientRect().top;
    });
    expect(badgeTop).toBeLessThan(24);
    if (!strictV1) await expect(row).toContainText('Started by');
  },
);
