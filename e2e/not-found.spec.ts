import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';

test(
  'an unknown workflow id shows a friendly not-found page with a way back',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page }) => {
    await page.goto('/workflows/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'We couldn’t find that' })).toBeVisible();
    await screenshotBothThemes(page, 'not-found');
    await page.getByRole('link', { name: 'Back to workflows' }).click();
    await expect(page).toHaveURL(/\/workflows$/);
  },
);

test('an unknown path inside the app is a not-found page too', async ({ connectedPage: page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'We couldn’t find that' })).toBeVisible();
});
