import type { Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import {
  BOTH_MODES_TAG,
  connect,
  E2E_API_KEY,
  expect,
  screenshotBothThemes,
  test,
  textAndNumberFields,
} from './support/fixtures';
import { download } from './support/downloads';
import { PROMPTS } from './support/prompts';

/** "customer_name" → "Customer Name": headers as a person types them. */
const titled = (name: string): string => name.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** The row whose amount is negative on purpose: it fails, and the colleague fixes and re-runs it. */
const FIXED = 7;

/** `rows` clients with amounts; the FIXED row and every 250th row are negative, which the workflow fails. */
const spreadsheet = (rows: number): string[][] =>
  Array.from({ length: rows }, (_, i) => [
    `Client ${i + 1}`,
    i === FIXED ? '-75.00' : i % 250 === 3 ? `-${i}` : String(i + 1),
  ]);

const readCsv = (text: string): string[][] => {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

/** The figure under a label of the batch's progress card ("Rows done", "Elapsed"). */
const valueOf = (page: Page, label: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();

/** A second person's browser: a context of its own (no shared storage) connected with `key`. */
async function colleagueBrowser(browser: Browser, key: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await connect(page, key);
  await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
  return page;
}

/** Uploads the CSV on the workflow's Batch tab and sends every row; resolves once on the batch page. */
async function uploadAndSend(page: Page, workflowId: string, header: string[], cells: string[][]) {
  const csv = Papa.unparse([header, ...cells], { newline: '\n' });
  await page.goto(`/workflows/${workflowId}/batch`);
  await page
    .getByLabel('Spreadsheet file')
    .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel(header[1]!, { exact: true })).not.toHaveValue('');
  await page.getByRole('button', { name: `Send ${cells.length.toLocaleString('en-US')} rows` }).click();
  await expect(page).toHaveURL(/\/batches\//);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

test.describe('batches shared by everyone on the account', () => {
  test('a colleague on another key sees a 2,000-row batch, fixes a failed row, re-runs it and downloads the results; the uploader sees attempt 2', async ({
    connectedPage: page,
    api,
    browser,
    readyWorkflow,
  }) => {
    test.setTimeout(900_000);
    await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    const header = [titled(f.text), `${titled(f.number)} (USD)`];
    const cells = spreadsheet(2000);
    const batchId = await uploadAndSend(page, workflow.id, header, cells);

    // A reload while the rows are being sent: the journal and the server between them lose nothing.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'clients.csv' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Progress: .*finished/ })).toBeVisible({ timeout: 120_000 });
    // Stopping cancels the runs still queued, so the journey does not wait for 2,000 runs.
    await page.getByRole('button', { name: 'Stop (cancel queued runs)' }).click();
    await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 300_000 });

    // A second person on the same account, with a key of their own, in a browser of their own.
    const made = await api.post('keys', { data: { name: 'Sam from accounts' } });
    expect(made.status()).toBe(201);
    const { key } = (await made.json()) as { key: string };
    expect(key).not.toBe(E2E_API_KEY);
    const sam = await colleagueBrowser(browser, key);
    await sam.goto(`/workflows/${workflow.id}/batch`);
    await expect(
      sam.getByText('Everyone on this account sees these batches; each resumes after a reload.'),
    ).toBeVisible();
    const listed = sam.getByRole('list', { name: 'Batches of this workflow' }).getByRole('listitem').first();
    await expect(listed.getByRole('link', { name: 'clients.csv', exact: true })).toBeVisible();
    await expect(listed).toContainText('Started by WORKFLOW_API_KEYS #1');
    await screenshotBothThemes(sam, 'shared-batches-list-1280px');
    await sam.setViewportSize({ width: 375, height: 800 });
    await screenshotBothThemes(sam, 'shared-batches-list-375px');
    await sam.setViewportSize({ width: 1280, height: 900 });

    // Opening it reads it from the server: the grid, the progress and the exports, as on the uploader's browser.
    let rowPages = 0;
    sam.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith(`/batches/${batchId}/rows`)) rowPages += 1;
    });
    await listed.getByRole('link', { name: 'clients.csv', exact: true }).click();
    await expect(sam.getByRole('heading', { name: 'clients.csv' })).toBeVisible();
    await expect(sam.getByText(/started .* by WORKFLOW_API_KEYS #1/)).toBeVisible();
    expect(rowPages, 'one page request per 100 rows').toBeLessThanOrEqual(20);
    const grid = sam.getByRole('table', { name: 'Rows of this batch' });
    await sam.getByLabel('Search rows').fill('Client 8');
    const row = grid.getByRole('row', { name: `Row ${FIXED + 1}`, exact: true });
    await expect(row.getByRole('cell').filter({ hasText: /negative/i })).toBeVisible();
    const amount = row.getByLabel(`${header[1]}, row ${FIXED + 1}`, { exact: true });
    await amount.fill('75.00');
    await amount.press('Enter');
    await expect(row.getByLabel(`Select row ${FIXED + 1}`)).toBeChecked();
    const accepted = sam.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/batches/${batchId}/runs`),
    );
    await sam.getByRole('button', { name: 'Re-run selected (1)' }).click();
    expect((await accepted).status()).toBe(201);
    await expect(sam.getByText('Re-running 1 row as a new attempt in this batch.')).toBeVisible();

    // A reload in the middle of the re-run: the row is followed to its end.
    await sam.reload();
    await sam.getByLabel('Search rows').fill('Client 8');
    await expect(grid.getByRole('link', { name: `Row ${FIXED + 1}: Finished, open its execution` })).toBeVisible({
      timeout: 180_000,
    });
    await sam.getByLabel('Search rows').fill('');
    await expect(sam.getByText('Nothing is missing: every row is done and every result is in.')).toBeVisible({
      timeout: 300_000,
    });
    await screenshotBothThemes(sam, 'shared-batch-opened-1280px');
    await sam.setViewportSize({ width: 375, height: 800 });
    expect(
      await sam.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      'the shared batch fits 375 px',
    ).toBeLessThanOrEqual(0);
    await screenshotBothThemes(sam, 'shared-batch-opened-375px');
    await sam.setViewportSize({ width: 1280, height: 900 });

    const results = readCsv(readFileSync((await (await download(sam, 'Download results (CSV)')).path())!, 'utf8'));
    expect(results[0]!.slice(0, 5)).toEqual([...header, 'status', 'attempt', 'execution_id']);
    expect(results).toHaveLength(2001);
    expect(results[FIXED + 1]!.slice(0, 4)).toEqual(['Client 8', '75.00', 'finished', '2']);
    expect(new Set(results.slice(1).map((r) => r[4])).size, 'every row ran once').toBe(2000);

    // The server recorded every row once, and the re-run as row 8's second attempt.
    const onServer = (await (await api.get(`batches/${batchId}`)).json()) as { rows_sent: number; runs: number };
    expect(onServer).toMatchObject({ rows_sent: 2000, runs: 2001 });

    // The uploader's browser takes in the colleague's re-run by itself.
    await page.getByLabel('Search rows').fill('Client 8');
    const mine = page.getByRole('table', { name: 'Rows of this batch' });
    await expect(mine.getByRole('link', { name: `Row ${FIXED + 1}: Finished, open its execution` })).toBeVisible({
      timeout: 120_000,
    });
    await mine.getByRole('button', { name: `Show details of row ${FIXED + 1}`, exact: true }).click();
    await expect(mine.getByRole('list', { name: `Earlier attempts of row ${FIXED + 1}` })).toContainText('Attempt 1');
    await sam.context().close();
  });

  test(
    'where the server keeps no batches, a batch stays in the browser that sent it, and the page says so',
    { tag: BOTH_MODES_TAG },
    async ({ connectedPage: page, browser, readyWorkflow, strictV1 }) => {
      test.setTimeout(300_000);
      const workflow = await readyWorkflow(PROMPTS.guarded);
      const f = textAndNumberFields(workflow);
      const header = [titled(f.text), `${titled(f.number)} (USD)`];
      const batchId = await uploadAndSend(page, workflow.id, header, spreadsheet(30));
      await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 240_000 });

      // Another browser on the same key.
      const other = await colleagueBrowser(browser, E2E_API_KEY);
      await other.goto(`/workflows/${workflow.id}/batch`);
      await expect(other.getByLabel('Spreadsheet file')).toBeAttached();
      if (strictV1) {
        await expect(other.getByRole('link', { name: 'clients.csv', exact: true })).toHaveCount(0);
        await page.goto(`/workflows/${workflow.id}/batch`);
        await expect(page.getByText('Kept in this browser on this server; each resumes after a reload.')).toBeVisible();
        await other.goto(`/workflows/${workflow.id}/batches/${batchId}`);
        await expect(
          other.getByText('On this server, batches are kept in the browser that sent them.', { exact: false }),
        ).toBeVisible();
        await screenshotBothThemes(page, 'browser-only-batches-1280px');
      } else {
        await expect(other.getByRole('link', { name: 'clients.csv', exact: true })).toBeVisible();
      }
      await other.context().close();
    },
  );

  test(
    'a colleague opening a finished batch gets every result at once, with its own run time and counts that agree',
    { tag: BOTH_MODES_TAG },
    async ({ connectedPage: page, api, browser, readyWorkflow, strictV1 }) => {
      test.setTimeout(300_000);
      await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
      const workflow = await readyWorkflow(PROMPTS.guarded);
      const f = textAndNumberFields(workflow);
      const header = [titled(f.text), `${titled(f.number)} (USD)`];
      const started = Date.now();
      const batchId = await uploadAndSend(page, workflow.id, header, spreadsheet(40));
      await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 240_000 });
      const sentAt = Date.now();

      // Where the server keeps batches, a colleague's own browser; on a strict-v1 server only the
      // uploader's browser has the batch, and gathers its results one run at a time within the budget.
      let reader = page;
      if (!strictV1) {
        const made = await api.post('keys', { data: { name: 'Robin from finance' } });
        reader = await colleagueBrowser(browser, ((await made.json()) as { key: string }).key);
      }
      let perRow = 0;
      reader.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (/\/executions\/[0-9a-f-]{36}$/.test(path) || path.startsWith('/files/')) perRow += 1;
      });
      await reader.goto(`/workflows/${workflow.id}/batches/${batchId}`);
      await expect(reader.getByRole('heading', { name: 'clients.csv' })).toBeVisible();
      await expect(reader.getByText('Nothing is missing: every row is done and every result is in.')).toBeVisible({
        timeout: strictV1 ? 120_000 : 20_000,
      });
      if (!strictV1) {
        expect(perRow, 'no request per row or per file').toBe(0);
      }

      await expect(reader.getByText('Done', { exact: true }).first()).toBeVisible();
      // Every count agrees: rows done, the chart's figure and its label, the status bar.
      const rowsDone = (await valueOf(reader, 'Rows done'))!;
      expect(rowsDone.replace(/\s/g, '')).toBe('40/40');
      await expect(reader.getByRole('img', { name: /^Completions over time: 40 of 40 rows done/ })).toBeVisible();
      await expect(reader.locator('figcaption')).toContainText('40 / 40');
      // Elapsed is the batch's own run time, not the time since it was declared or opened.
      const elapsed = (await valueOf(reader, 'Elapsed'))!;
      const [, amount, unit] = /^(\d+) (s|min)$/.exec(elapsed) ?? [];
      expect(unit, `Elapsed "${elapsed}"`).toBeDefined();
      expect(Number(amount) * (unit === 'min' ? 60_000 : 1000), `Elapsed "${elapsed}"`).toBeLessThanOrEqual(
        sentAt - started + 30_000,
      );
      await reader.waitForTimeout(2_000);
      expect(await valueOf(reader, 'Elapsed'), 'Elapsed of a done batch stands still').toBe(elapsed);

      // The downloads hold every row's result.
      const results = readCsv(readFileSync((await (await download(reader, 'Download results (CSV)')).path())!, 'utf8'));
      expect(results).toHaveLength(41);
      const resultColumns = results[0]!
        .slice(header.length)
        .filter((c) => !['status', 'attempt', 'execution_id', 'error'].includes(c));
      expect(resultColumns.length, 'a result column').toBeGreaterThan(0);
      const finished = results.slice(1).filter((r) => r[header.length] === 'finished');
      const firstResult = results[0]!.indexOf(resultColumns[0]!);
      expect(
        finished.every((r) => r[firstResult] !== ''),
        'every finished row has its result',
      ).toBe(true);
      const zip = unzipSync(
        new Uint8Array(readFileSync((await (await download(reader, 'Download all files (zip)')).path())!)),
      );
      const files = Object.keys(zip).filter((name) => !name.endsWith('/'));
      expect(files.length, 'a file for every finished row').toBeGreaterThanOrEqual(finished.length);

      // Grid at 1280 px: pinned columns under a quarter of the width, results in view without scrolling.
      await reader.setViewportSize({ width: 1280, height: 900 });
      const grid = reader.getByRole('table', { name: 'Rows of this batch' });
      const gridBox = (await grid.boundingBox())!;
      const heads = grid.getByRole('columnheader');
      const widths = await heads.evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
      expect(widths[0]! + widths[1]! + widths.at(-1)!).toBeLessThan(gridBox.width / 4);
      const resultsHead = (await grid.getByRole('columnheader', { name: 'Results' }).boundingBox())!;
      expect(resultsHead.x + resultsHead.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
      const shot = strictV1 ? 'batch-page-own' : 'batch-page-colleague';
      await screenshotBothThemes(reader, `${shot}-1280px`);
      await reader.setViewportSize({ width: 375, height: 800 });
      expect(
        await reader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await screenshotBothThemes(reader, `${shot}-375px`);
      if (reader !== page) await reader.context().close();
    },
  );
});
