import type { Page } from '@playwright/test';
import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';

/** The prompt of the issue: its fields are company_website_url (a URL) and contact_email (an email). */
const SALES_INTRO =
  "Given a company's website URL and a contact's email, write a short sales intro email and a one-paragraph company summary";

const ROWS = 20;

const csvOf = (rows: string[][]): Buffer => Buffer.from(`${rows.map((r) => r.join(',')).join('\n')}\n`);

/** A list as people keep it: their own headers, websites without https://. */
const everydayRows = (header: string[]) =>
  csvOf([
    header,
    ...Array.from({ length: ROWS }, (_, i) => [
      `Company ${i + 1}`,
      `company-${i + 1}.example`,
      `ceo${i + 1}@company-${i + 1}.example`,
      `+1 555 010 ${String(i).padStart(2, '0')}`,
    ]),
  ]);

/** Every input the page sends to the service, one run or a batch at a time, read as the requests go out. */
async function sentInputs(page: Page): Promise<Record<string, unknown>[]> {
  const inputs: Record<string, unknown>[] = [];
  await page.route(/\/(executions(\/batch)?|batches\/[^/]+\/runs)$/, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      // One run sends { input }, a v1 batch { items } whose items are the inputs, a shared batch's items { row, attempt, input }.
      const body = JSON.parse(request.postDataBuffer()?.toString('utf8') ?? '{}') as {
        input?: Record<string, unknown>;
        items?: Record<string, unknown>[];
      };
      if (body.input !== undefined) inputs.push(body.input);
      const shared = request.url().includes('/batches/');
      inputs.push(...(body.items ?? []).map((item) => (shared ? (item.input as Record<string, unknown>) : item)));
    }
    await route.continue();
  });
  return inputs;
}

async function upload(page: Page, workflowId: string, buffer: Buffer) {
  // The local service allows far more than the default budget here, so tracking stays quick.
  await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
  await page.goto(`/workflows/${workflowId}/batch`);
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer });
}

test.describe('everyday spreadsheets', { tag: BOTH_MODES_TAG }, () => {
  test('Company, Website, E-mail and Phone headers map themselves, say why, complete the websites, and every row runs', async ({
    connectedPage: page,
    api,
    readyWorkflow,
  }) => {
    test.setTimeout(180_000);
    const workflow = await readyWorkflow(SALES_INTRO);
    const sent = await sentInputs(page);
    await upload(page, workflow.id, everydayRows(['Company', 'Website', 'E-mail', 'Phone']));

    const mapping = page.getByRole('list', { name: 'Column mapping' });
    await expect(mapping.getByLabel('Website')).toHaveValue('company_website_url');
    await expect(mapping.getByLabel('E-mail')).toHaveValue('contact_email');
    await expect(mapping.getByLabel('Company')).toHaveValue(/ignore/);
    await expect(mapping.getByLabel('Phone')).toHaveValue(/ignore/);
    await expect(mapping.getByLabel('Website')).toHaveAccessibleDescription(
      `Matched on “website” Added https:// to ${ROWS} websites`,
    );
    await expect(mapping.getByLabel('E-mail')).toHaveAccessibleDescription('Matched on “email”');
    await expect(page.getByText(`${ROWS} valid`)).toBeVisible();
    await expect(page.getByText('0 invalid', { exact: true })).toBeVisible();
    await screenshotBothThemes(page, 'everyday-spreadsheet-mapping');

    await page.getByRole('button', { name: `Send ${ROWS} rows` }).click();
    await expect(page).toHaveURL(/\/batches\//);
    await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 150_000 });
    await expect(page.getByRole('definition').first()).toHaveText(`${ROWS} / ${ROWS}`);

    const list = (await (await api.get(`workflows/${workflow.id}/executions`, { params: { limit: 100 } })).json()) as {
      data: unknown[];
    };
    expect(list.data).toHaveLength(ROWS);
    expect(sent).toHaveLength(ROWS);
    for (const [i, input] of sent.entries())
      expect(input).toEqual({
        company_website_url: `https://company-${i + 1}.example`,
        contact_email: `ceo${i + 1}@company-${i + 1}.example`,
      });
  });

  test('headers that match nothing: the page says the columns need matching and offers no "send the rest"', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    const workflow = await readyWorkflow(SALES_INTRO);
    await upload(page, workflow.id, everydayRows(['Col 1', 'Col 2', 'Col 3', 'Col 4']));

    await expect(page.getByText(`0 valid`)).toBeVisible();
    await expect(page.getByText('No row is valid', { exact: true })).toBeVisible();
    await expect(page.getByText(/the columns probably need matching/)).toBeVisible();
    await expect(page.getByLabel(/send the rest/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Send/ })).toBeDisabled();
    await screenshotBothThemes(page, 'everyday-spreadsheet-unmatched');

    await page.getByRole('button', { name: 'Check the columns' }).click();
    const mapping = page.getByRole('list', { name: 'Column mapping' });
    await expect(mapping.getByLabel('Col 1')).toBeFocused();
    // Matching the columns by hand makes every row valid.
    await mapping.getByLabel('Col 2').selectOption('company_website_url');
    await mapping.getByLabel('Col 3').selectOption('contact_email');
    await expect(page.getByText(`${ROWS} valid`)).toBeVisible();
    await expect(page.getByText('No row is valid', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Send ${ROWS} rows` })).toBeEnabled();
  });

  test('the run form adds https:// to a bare domain and says that it did', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    const workflow = await readyWorkflow(SALES_INTRO);
    await page.goto(`/workflows/${workflow.id}`);
    const website = page.getByLabel(/website/i);
    await website.fill('acme.com');
    await website.blur();
    await expect(website).toHaveValue('https://acme.com');
    await expect(page.getByText('Added https:// in front, to make it a full URL.')).toBeVisible();
    await expect(page.getByText('Enter a full URL, like https://example.com.')).toHaveCount(0);
    await page.getByLabel(/email/i).fill('ceo@acme.com');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  });

  test('pressing Enter in the URL field runs with the completed address', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    const workflow = await readyWorkflow(SALES_INTRO);
    const sent = await sentInputs(page);
    await page.goto(`/workflows/${workflow.id}`);
    await page.getByLabel(/email/i).fill('ceo@globex.com');
    const website = page.getByLabel(/website/i);
    await website.fill('www.globex.com');
    await website.press('Enter');
    await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
    expect(sent).toEqual([{ company_website_url: 'https://www.globex.com', contact_email: 'ceo@globex.com' }]);
  });
});
