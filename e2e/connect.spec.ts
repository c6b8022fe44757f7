import { E2E_API_KEY, E2E_OTHER_KEY } from '../playwright.config';
import { connect, expect, screenshotBothThemes, test } from './support/fixtures';

test.describe('connecting', () => {
  test('a first visit without a known key lands on the welcome, and connecting opens the workflows', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Workflows', level: 1 })).toBeVisible();

    const key = page.getByLabel('API key');
    await expect(key).toHaveAttribute('type', 'password');
    await key.fill(E2E_API_KEY);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();

    // The key is kept for this tab only unless "Remember on this device" was ticked.
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('wf.key.local'),
      local: localStorage.getItem('wf.key.local'),
    }));
    expect(stored).toEqual({ session: E2E_API_KEY, local: null });
  });

  test('a deep link without a key comes back to the same page after connecting', async ({ page }) => {
    await page.goto('/workflows/new');
    await expect(page).toHaveURL(/\/welcome\?.*redirect=%2Fworkflows%2Fnew/);
    await page.getByLabel('API key').fill(E2E_API_KEY);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page).toHaveURL(/\/workflows\/new$/);
    await expect(page.getByRole('heading', { name: 'New workflow' })).toBeVisible();
  });

  test('an empty key is refused at the field, on the welcome and in settings', async ({ page }) => {
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('Enter the API key to connect.')).toBeVisible();
    await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await expect(page.getByText('Enter the API key for this server.')).toBeVisible();
    await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a rejected key says so and links to settings keeping the way back', async ({ page }) => {
    await connect(page, 'not-a-valid-key-000000');
    await page.goto('/workflows');
    await expect(page.getByRole('heading', { name: 'Your key was rejected' })).toBeVisible();
    await screenshotBothThemes(page, 'key-rejected');
    await page.getByRole('link', { name: 'Open settings' }).click();
    await expect(page).toHaveURL(/\/settings\?.*redirect=%2Fworkflows/);
    await expect(page.getByRole('alert').filter({ hasText: 'Your key was rejected' })).toBeVisible();

    await page.getByLabel('API key').fill(E2E_API_KEY);
    await page.getByRole('button', { name: 'Save and connect' }).click();
    await expect(page).toHaveURL(/\/workflows$/);
    await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  });

  test('test connection reports a bad key without saving it', async ({ page }) => {
    await page.goto('/settings');
    await page.getByLabel('API key').fill('wrong-key-123456789');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The server rejected this key.' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('wf.key.local'))).toBeNull();
  });
});

test('profiles for two accounts switch from the header and show each account’s own workflows', async ({
  connectedPage: page,
  api,
}) => {
  const created = await api.post('workflows', {
    data: { prompt: 'Write a haiku about the sea as a markdown report', name: 'Only in the first account' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/workflows');
  await expect(page.getByRole('link', { name: /Only in the first account/ })).toBeVisible();

  await page.goto('/settings');
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByLabel('Profile name').fill('Second account');
  await page.getByLabel('API key').fill(E2E_OTHER_KEY);
  await page.getByRole('button', { name: 'Save and connect' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Only in the first account/ })).toHaveCount(0);

  const switcher = page.getByLabel('Connection profile');
  await expect(switcher).toHaveValue(/.+/);
  await switcher.selectOption({ label: 'Local' });
  await expect(page.getByRole('link', { name: /Only in the first account/ })).toBeVisible();
  await screenshotBothThemes(page, 'workflows-with-profiles');
});
