import type { Page } from '@playwright/test';
import {
  BOTH_MODES_TAG,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothThemes,
  test,
  textAndNumberFields,
} from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { startRun, waitForStatus } from './support/runs';

const runsList = (page: Page) => page.getByRole('list', { name: 'Runs' });

test(
  'a run started elsewhere appears at the top of an open list, and the status filter finds the failed runs',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow, strictV1 }) => {
    test.setTimeout(120_000);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const { text, number } = textAndNumberFields(workflow);
    const ok = await startRun(api, workflow.id, { [text]: 'Acme', [number]: 10 });
    const failed = await startRun(api, workflow.id, { [text]: 'Hooli', [number]: -5 });
    await waitForStatus(api, workflow.id, failed, 'error');
    await waitForStatus(api, workflow.id, ok, 'finished');

    await page.goto(`/workflows/${workflow.id}/executions`);
    await expect(runsList(page).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText(/Live · checked/)).toBeVisible();

    // Nobody reloads: the list re-reads its first page within one poll interval (10 s).
    const later = await startRun(api, workflow.id, { [text]: 'Initech', [number]: 3 });
    await expect(runsList(page).getByRole('listitem').first()).toContainText(later, { timeout: 15_000 });

    await page.getByRole('combobox', { name: 'Status' }).selectOption('error');
    await expect(page).toHaveURL(/status=error/);
    await expect(runsList(page).getByRole('listitem')).toHaveCount(1);
    await expect(runsList(page)).toContainText(failed);
    if (strictV1) {
      // No status filter on a strict server: the browser scans the pages and says how far it got.
      await expect(page.getByRole('status').filter({ hasText: /1 match in all 3 runs/ })).toBeVisible();
    } else {
      // The local list items carry the error message.
      await expect(runsList(page)).toContainText(/amount/i);
    }

    // The URL holds the filter: a shared link opens the same view.
    await page.goto(`/workflows/${workflow.id}/executions?status=finished&q=${ok.slice(0, 8)}`);
    // On a strict server this is a scan in the background share of the key's per-minute budget, which
    // the journeys before this one may have spent: it can wait for the next window.
    await expect(runsList(page).getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });
    await expect(page.getByLabel('Search runs')).toHaveValue(ok.slice(0, 8));

    await page.getByRole('button', { name: 'Refresh runs' }).click();
    await expect(runsList(page).getByRole('listitem')).toHaveCount(1);

    // Started through the API, so no journal of this browser knows its input: only the server's input extension.
    await page.goto(`/workflows/${workflow.id}/executions/${ok}`);
    if (strictV1) {
      await expect(page.getByText(/Not known here/)).toBeVisible();
    } else {
      await expect(page.getByLabel('Submitted input')).toContainText('Acme');
      await expect(page.getByText('As the server recorded it.')).toBeVisible();
    }
  },
);

test(
  'the runs page lists every workflow’s runs and Find lands on a run from its id alone',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow }) => {
    // Two planned workflows, an accessibility scan and four screenshots: on a loaded two-core machine
    // the whole journey took 123 s of which no single step was stuck.
    test.setTimeout(200_000);
    const quotes = await readyWorkflow(PROMPTS.noInput, 'Quote of the day');
    const invoices = await readyWorkflow(PROMPTS.guarded, 'Invoices');
    const { text, number } = textAndNumberFields(invoices);
    const quoteRun = await startRun(api, quotes.id, {});
    const invoiceRun = await startRun(api, invoices.id, { [text]: 'Acme', [number]: -1 });
    await waitForStatus(api, invoices.id, invoiceRun, 'error');

    await page.goto('/runs');
    await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
    const quoteRow = runsList(page)
      .getByRole('listitem')
      .filter({ hasText: quoteRun.slice(0, 8) });
    const invoiceRow = runsList(page)
      .getByRole('listitem')
      .filter({ hasText: invoiceRun.slice(0, 8) });
    await expect(quoteRow).toContainText('Quote of the day');
    await expect(invoiceRow).toContainText('Invoices');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('error');
    await expect(page).toHaveURL(/\/runs\?status=error/);
    await expect(invoiceRow).toBeVisible();
    await expect(quoteRow).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the runs page');
    await screenshotBothThemes(page, 'runs-page');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshotBothThemes(page, 'runs-page-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // An id prefix of digits typed into the address is text to search for, not a number that breaks the page.
    await page.goto('/runs?q=445e3971');
    await expect(page.getByLabel('Search runs')).toHaveValue('445e3971');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(quoteRow).toHaveCount(0);

    // A fresh tab knows nothing of these runs: the id alone must be enough.
    await page.goto('/workflows');
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Find a run or workflow' });
    await expect(dialog).toBeVisible();
    // A whole id opens by itself once typing pauses; pressing Open too would race that (on a busy
    // machine the dialog had closed before the click and the click waited for it to the timeout).
    await dialog.getByLabel('Name, id or link').fill(quoteRun);
    await expect(page).toHaveURL(new RegExp(`/workflows/${quotes.id}/executions/${quoteRun}`));
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Find a run or workflow' }).click();
    await dialog.getByLabel('Name, id or link').fill(invoices.id);
    await expect(page).toHaveURL(new RegExp(`/workflows/${invoices.id}$`));
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Find a run or workflow' }).click();
    await dialog.getByLabel('Name, id or link').fill('00000000-0000-4000-8000-000000000000');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByRole('alert')).toContainText('No workflow or run has the id');
  },
);

test('Ctrl+K pressed while the page is still starting opens Find, and only once', async ({ connectedPage: page }) => {
  const dialog = page.getByRole('dialog', { name: 'Find a run or workflow' });
  for (let round = 0; round < 3; round++) {
    // Before the header has mounted: the press must wait for it, not be lost.
    await page.goto('/workflows', { waitUntil: 'domcontentloaded' });
    await page.keyboard.press('Control+K');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  // Moving on inside the app does not bring an old press back.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).click();
  await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('batch rows read as “row n of file” in the runs list and show their input on the run page', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  test.setTimeout(150_000);
  const workflow = await readyWorkflow(PROMPTS.guarded, 'Invoice batch');
  const { text, number } = textAndNumberFields(workflow);
  const csv = Buffer.from(`${text},${number}\nAcme,10\nHooli,-4\nInitech,7\n`);
  await page.goto(`/workflows/${workflow.id}/batch`);
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'invoices.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: 'Send 3 rows' }).click();
  await expect(page).toHaveURL(/\/batches\//);
  // The batch page sends and records the rows; leave it once it has seen them all end.
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 90_000 });

  await page.goto(`/workflows/${workflow.id}/executions`);
  const failedRow = runsList(page).getByRole('listitem').filter({ hasText: 'row 2 of invoices.csv' });
  await expect(failedRow).toContainText('Hooli');
  await expect(
    runsList(page)
      .getByRole('listitem')
      .filter({ hasText: /row \d of invoices\.csv/ }),
  ).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search runs' }).fill('hooli');
  await expect(runsList(page).getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/q=hooli/);
  await expectNoSeriousA11yViolations(page, 'a workflow’s runs');
  await screenshotBothThemes(page, 'workflow-runs');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotBothThemes(page, 'workflow-runs-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await failedRow.getByRole('link').click();
  await expect(page.getByRole('link', { name: 'Row 2 of invoices.csv' })).toBeVisible();
  await expect(page.getByLabel('Submitted input')).toContainText('Hooli');
  await expect(page.getByText('Row 2 of invoices.csv, from this browser’s batch.')).toBeVisible();
  await expect(page.getByRole('list', { name: /^(Progress|Steps)$/ })).toContainText(/error|failed/i, {
    timeout: 60_000,
  });
  await screenshotBothThemes(page, 'run-timeline');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotBothThemes(page, 'run-timeline-375');
});
