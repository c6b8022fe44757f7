import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * Issue #30: the four prompts a newcomer tried with no model configured. Each is created from the
 * page, its form must ask for what a person expects (by the fields' titles), and its result must
 * use every input it was given.
 */

async function create(page: Page, prompt: string): Promise<void> {
  await page.goto('/workflows/new');
  await page.getByLabel('What should it do?').fill(prompt);
  await page.getByRole('button', { name: 'Create workflow' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Run workflow' })).toBeVisible({ timeout: 30_000 });
}

/** Runs the workflow from its form and returns the panel of the result file with `extension`. */
async function runAndOpen(page: Page, extension: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Result files' });
  // One file is shown as it is; several get a tab each.
  if ((await tabs.count()) === 0) return page.getByRole('main');
  await tabs.getByRole('tab', { name: new RegExp(`\\.${extension}\\b`) }).click();
  return page.getByRole('tabpanel').filter({ visible: true });
}

/** The form's field labels, so a test can say which fields it must have and that there are no others. */
async function fieldLabels(page: Page): Promise<string[]> {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Run workflow' }) });
  const labels = await form.locator('label, legend').allInnerTexts();
  return labels
    .map((label) => (label.split('\n')[0] ?? '').replace(/\*\s*$/, '').trim())
    .filter((label) => label !== '' && !/^Item \d/.test(label));
}

test.describe('the newcomer’s four prompts', () => {
  test.setTimeout(120_000);

  test('a follow-up email about a missed renewal uses the name, company, product and renewal date', async ({
    connectedPage: page,
  }) => {
    await create(
      page,
      'Draft a follow-up email to a customer who missed their renewal date, using their name, company and the product they use',
    );
    expect(await fieldLabels(page)).toEqual(expect.arrayContaining(['Renewal date', 'Name', 'Company', 'Product']));
    expect(await fieldLabels(page)).not.toContain('Date name');
    await page.getByLabel('Renewal date').fill('2026-10-31');
    await page.getByLabel('Name').fill('Dana Whitfield');
    await page.getByLabel('Company').fill('Globex');
    await page.getByLabel('Product').fill('Acme CRM');
    const email = await runAndOpen(page, 'md');
    await expect(email).toContainText('Hi Dana,');
    await expect(email).toContainText('the renewal date for Acme CRM at Globex was 31 October 2026');
  });

  test('invoice amounts and a currency give a CSV with totals converted to EUR, asking for the rate', async ({
    connectedPage: page,
  }) => {
    await create(page, 'Given a list of invoice amounts and a currency, produce a CSV with totals converted to EUR');
    expect(await fieldLabels(page)).toEqual(
      expect.arrayContaining(['Invoice amounts', 'Currency', 'EUR exchange rate']),
    );
    const amounts = page
      .getByRole('group', { name: 'Invoice amounts' })
      .or(page.locator('fieldset', { hasText: 'Invoice amounts' }));
    const add = page.getByRole('button', { name: 'Add to invoice amounts' });
    if ((await page.getByRole('group', { name: 'Item 1' }).count()) === 0) await add.click();
    await page.getByRole('group', { name: 'Item 1' }).getByRole('textbox').fill('100');
    await add.click();
    await page.getByRole('group', { name: 'Item 2' }).getByRole('textbox').fill('250.5');
    await expect(amounts.first()).toBeVisible();
    await page.getByLabel('Currency').fill('USD');
    await page.getByLabel('EUR exchange rate').fill('0.92');
    const csv = await runAndOpen(page, 'csv');
    await expect(csv).toContainText('amount_eur');
    await expect(csv).toContainText('230.46');
    await expect(csv).toContainText('322.46');
    await expect(csv).toContainText('USD');
  });

  test('a support ticket is checked for urgency and routed to billing, tech or sales', async ({
    connectedPage: page,
  }) => {
    await create(page, 'Check whether a support ticket is urgent and route it to billing, tech or sales');
    await expect(page.getByRole('heading', { name: /Support Ticket (Routing|Triage)/ }).first()).toBeVisible();
    expect(await fieldLabels(page)).toEqual(['Support ticket']);
    await expect(page.getByText(/It returns a report of the inputs it is given/)).toHaveCount(0);
    await page
      .getByLabel('Support ticket')
      .fill('URGENT: I was charged twice on my invoice this month, please refund asap.');
    const report = await runAndOpen(page, 'md');
    await expect(report).toContainText('Route to: billing');
    await expect(report).toContainText('Support ticket');
    await expect(report).toContainText('Urgent: yes');
    await expect(report).toContainText('charged twice');
  });

  test('meeting notes become action items with owners and due dates, asking only for the notes', async ({
    connectedPage: page,
  }) => {
    await create(page, 'Turn meeting notes into a list of action items with owners and due dates');
    expect(await fieldLabels(page)).toEqual(['Meeting notes']);
    await page
      .getByLabel('Meeting notes')
      .fill('Weekly sync. Bob will send the plan by Friday. Ana will draft the release notes by April 2, 2026.');
    const report = await runAndOpen(page, 'md');
    await expect(report).toContainText('Bob will send the plan by Friday.');
    await expect(report).toContainText('owner: Bob');
    await expect(report).toContainText('due: 2026-04-02');
  });
});
