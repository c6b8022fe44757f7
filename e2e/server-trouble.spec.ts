import { expect, test } from './support/fixtures';

test('a 429 holds requests for Retry-After, says so, and then loads the page by itself', async ({
  connectedPage: page,
}) => {
  let refused = 0;
  await page.route(/\/api\/v1\/workflows(\?.*)?$/, async (route) => {
    if (refused < 1) {
      refused++;
      await route.fulfill({
        status: 429,
        headers: { 'Retry-After': '3', 'RateLimit-Limit': '100', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '3' },
        json: { error: 'rate limit exceeded' },
      });
      return;
    }
    await route.continue();
  });
  await page.goto('/workflows');
  await expect(page.getByRole('meter', { name: 'Request budget' })).toHaveAttribute(
    'aria-valuetext',
    /Rate limited, retrying in \d s/,
  );
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
  expect(refused).toBe(1);
});

test('a server failure shows the error with Retry, and Retry recovers', async ({ connectedPage: page }) => {
  let failing = true;
  await page.route(/\/api\/v1\/workflows(\?.*)?$/, async (route) => {
    if (failing) await route.fulfill({ status: 500, json: { error: 'internal error' } });
    else await route.continue();
  });
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText('internal error');
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
});

test('going offline shows a banner until the connection returns', async ({ connectedPage: page, context }) => {
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toHaveCount(0);
});
