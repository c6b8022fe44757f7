import { expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';

test('create a workflow from a prompt, watch it plan, run it, read every preview and download a file', async ({
  connectedPage: page,
}) => {
  test.setTimeout(120_000);
  // The planner is fast at this time scale; the first two answers are held back as "planning" so
  // the page's planning state and its polling are what this journey sees, whatever the timing.
  let heldBack = 0;
  await page.route(/\/api\/v1\/workflows\/[0-9a-f-]{36}$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    if (heldBack < 2) {
      heldBack++;
      await route.fulfill({ response, json: { ...body, status: 'planning', input_schema: null } });
      return;
    }
    await route.fulfill({ response, json: body });
  });

  await page.goto('/workflows/new');
  await screenshotBothThemes(page, 'new-workflow');
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page.getByText('Describe what the workflow should do.')).toBeVisible();

  await page.getByLabel('What should it do?').fill(PROMPTS.everyFormat);
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Planning…' })).toBeVisible();
  await expect(page.getByText('The run form appears here as soon as planning finishes.')).toBeVisible();

  const companyName = page.getByLabel(/company name/i);
  await expect(companyName).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Planning…' })).toHaveCount(0);
  await companyName.fill('Acme Rockets');
  await page.getByLabel(/website/i).fill('https://acme.test');
  await expect(page.getByLabel('curl request')).toContainText('Acme Rockets');
  await page.getByRole('button', { name: 'Run workflow' }).click();

  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  await expect(page.getByLabel('Submitted input')).toContainText('Acme Rockets');
  await expect(page.getByText('As this browser submitted it.')).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Result files' });
  const open = async (extension: string) => {
    await tabs.getByRole('tab', { name: new RegExp(`\\.${extension}\\b`) }).click();
    return page.getByRole('tabpanel').filter({ visible: true });
  };

  let panel = await open('md');
  await expect(panel.getByRole('heading').first()).toBeVisible();
  await expect(panel).toContainText('Acme Rockets');

  panel = await open('csv');
  await expect(panel.getByRole('table').or(panel.getByRole('grid')).first()).toBeVisible();

  panel = await open('html');
  const frame = panel.frameLocator('iframe');
  await expect(frame.locator('body')).toContainText('Acme Rockets');

  panel = await open('json');
  await expect(panel).toContainText('Acme Rockets');

  panel = await open('pdf');
  // The frame holds the checked bytes as a blob typed application/pdf, never the file's own link.
  const pdfFrame = panel.locator('iframe[title^="PDF preview of"]');
  await expect(pdfFrame).toBeVisible();
  const blobUrl = await pdfFrame.getAttribute('src');
  expect(blobUrl).toMatch(/^blob:/);
  const opening = page.waitForEvent('popup');
  await panel.getByRole('link', { name: 'Open the PDF in a new tab' }).click();
  const pdfTab = await opening;
  await pdfTab.waitForLoadState();
  expect(pdfTab.url()).toBe(blobUrl);
  expect(await pdfTab.evaluate(() => document.contentType)).toBe('application/pdf');
  await pdfTab.close();
  await screenshotBothThemes(page, 'execution-finished');

  panel = await open('md');
  const downloading = page.waitForEvent('download');
  await panel
    .getByRole('link', { name: /^Download/ })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.md$/);
  expect(await download.failure()).toBeNull();
});
