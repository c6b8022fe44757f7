import {
  BOTH_MODES_TAG,
  E2E_API_KEY,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothThemes,
  test,
} from './support/fixtures';

test(
  'make a key for a colleague in Settings, keep it as a connection, see it listed, and revoke it',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, strictV1, baseURL, playwright }) => {
    const probe = page.waitForResponse((response) => response.url().endsWith('/openapi.json'));
    await page.goto('/settings');
    await probe;
    if (strictV1) {
      await expect(
        page.getByText(/Keys for it are made in its own settings page or by the person who runs it/),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
      await screenshotBothThemes(page, 'settings-keys');
      return;
    }

    const name = `Dana ${Date.now().toString(36)}`;
    const field = page.getByRole('textbox', { name: /Name of the new key/ });
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(field).toHaveAccessibleDescription(
      'Give the key a name, like the name of the person or robot who will use it.',
    );
    await field.fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('textbox', { name: `New key for ${name}` });
    await expect(shown).toHaveValue(/^wk_/);
    const key = await shown.inputValue();
    const list = page.getByRole('list', { name: 'Keys of this account' });
    const row = list.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('never used');
    await expect(list.getByRole('listitem').filter({ hasText: 'This browser’s key' })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'the Keys section with a new key');
    await screenshotBothThemes(page, 'settings-keys');

    await page.getByRole('button', { name: 'Add as a new connection' }).click();
    await expect(page.getByText(`Added the connection “${name}”.`)).toBeVisible();
    const switcher = page.getByRole('combobox', { name: 'Connection profile' });
    await expect(switcher.getByRole('option', { name })).toHaveCount(1);

    // The new connection works: on it, the list marks the new key as this browser's.
    await switcher.selectOption({ label: name });
    await expect(row).toContainText('This browser’s key');
    await expect(row).toContainText(/last used/);
    // A key made in Settings is a member: it sees why it cannot make keys, instead of a button that fails.
    await expect(page.getByText(`This browser uses “${name}”, a member key.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toHaveCount(0);
    await expect(page.getByText(/This browser uses a member key, so it can read how long runs are kept/)).toBeVisible();
    await switcher.selectOption({ label: 'Local' });
    await expect(row).not.toContainText('This browser’s key');

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Revoke the key “${name}”?` });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);

    const api = await playwright.request.newContext({ baseURL: `${baseURL}/api/v1/` });
    expect((await api.get('workflows', { headers: { 'x-api-key': key } })).status()).toBe(401);
    expect((await api.get('workflows', { headers: { 'x-api-key': E2E_API_KEY } })).status()).toBe(200);
    await api.dispose();
  },
);
