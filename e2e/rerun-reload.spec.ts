import Papa from 'papaparse';
import { BOTH_MODES_TAG, expect, test, textAndNumberFields } from './support/fixtures';
import { PROMPTS } from './support/prompts';

/** The request that sends rows: the v1 batch, or where the server keeps batches, the batch's runs. */
const SEND = /\/(executions\/batch|batches\/[^/]+\/runs)$/;

test(
  'a reload that cuts off the answer to a re-run: the row is not sent twice, and its history keeps attempt 1',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow, api }) => {
    test.setTimeout(300_000);
    await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    // Headers as a person types the fields' names, so the mapping matches them by itself.
    const header = [f.text, f.number].map((name) => name.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()));
    // Row 8's amount is negative: the workflow fails it, the person fixes it and re-runs it.
    const rows = Array.from({ length: 30 }, (_, i) => [`Client ${i + 1}`, i === 7 ? '-75.00' : String(i + 1)]);
    await page.goto(`/workflows/${workflow.id}/batch`);
    await page.getByLabel('Spreadsheet file').setInputFiles({
      name: 'clients.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(Papa.unparse([header, ...rows], { newline: '\n' })),
    });
    await expect(page.getByLabel(header[1]!, { exact: true })).toHaveValue(f.number);
    await page.getByRole('button', { name: 'Send 30 rows' }).click();
    await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 180_000 });

    const grid = page.getByRole('table', { name: 'Rows of this batch' });
    const row8 = () => grid.getByRole('row', { name: 'Row 8', exact: true });
    await page.getByLabel('Search rows').fill('Client 8');
    const amount = row8().getByLabel(`${header[1]}, row 8`, { exact: true });
    await amount.fill('75.00');
    await amount.press('Enter');
    await expect(row8().getByLabel('Select row 8')).toBeChecked();

    // The service receives the re-run and answers, but the page is reloaded before the answer reaches it.
    let received!: () => void;
    const onService = new Promise<void>((resolve) => (received = resolve));
    await page.route(
      SEND,
      async (route) => {
        await route.fetch();
        received();
        // Held until the reload cuts the request off (only this request: later sends go through).
        await new Promise<never>(() => undefined);
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Re-run selected (1)' }).click();
    await onService;
    await page.reload();

    await expect(page.getByRole('heading', { name: 'clients.csv' })).toBeVisible();
    await expect(
      page.getByText(
        'Row 8: the connection dropped while sending, but the service received it, so it was not sent twice.',
      ),
    ).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Search rows').fill('Client 8');
    await expect(row8().getByRole('link', { name: 'Row 8: Finished, open its execution' })).toBeVisible({
      timeout: 120_000,
    });
    await row8().getByRole('button', { name: 'Show details of row 8', exact: true }).click();
    await expect(grid.getByRole('list', { name: 'Earlier attempts of row 8' })).toContainText('Attempt 1');

    // 30 first attempts and one re-run: the row was not sent twice.
    const listed = await api.get(`workflows/${workflow.id}/executions`, { params: { limit: 100 } });
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(31);
  },
);
