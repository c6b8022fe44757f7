import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import writeXlsxFile from 'write-excel-file/node';
import { neutralizeFormula } from '../src/web/lib/csv-write';
import { expect, screenshotBothThemes, test, textAndNumberFields } from './support/fixtures';
import { PROMPTS } from './support/prompts';

/** The local service runs with a 100,000/min limit here, so the dashboard may use a matching budget and tracking stays quick. */
async function fastBudget(page: Page) {
  await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
}

/** The request that sends a batch's rows: the v1 batch, or where the server keeps batches, the batch's runs. */
const SEND = /\/(executions\/batch|batches\/[^/]+\/runs)$/;

const csvOf = (rows: string[][]): Buffer => Buffer.from(`${rows.map((r) => r.join(',')).join('\n')}\n`);

async function countExecutions(api: APIRequestContext, workflowId: string): Promise<number> {
  let cursor: string | null = null;
  let n = 0;
  do {
    const res = await api.get(`workflows/${workflowId}/executions`, {
      params: { limit: 100, ...(cursor ? { cursor } : {}) },
    });
    const page = (await res.json()) as { data: unknown[]; cursor: string | null };
    n += page.data.length;
    cursor = page.cursor;
  } while (cursor !== null);
  return n;
}

async function upload(page: Page, workflowId: string, name: string, mimeType: string, buffer: Buffer) {
  await page.goto(`/workflows/${workflowId}/batch`);
  await page.getByLabel('Spreadsheet file').setInputFiles({ name, mimeType, buffer });
}

/** The "Rows done" figure of the batch page. */
const doneCount = (page: Page) => page.getByRole('definition').first();

async function waitForDone(page: Page, timeout = 180_000) {
  await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout });
}

/** Parses our own RFC 4180 output (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

test.describe('batch runs from a spreadsheet', () => {
  test('a 1,000-row CSV with 3 invalid rows: fix one, skip two, send, finish, and get the results back row by row', async ({
    connectedPage: page,
    api,
    readyWorkflow,
  }) => {
    test.setTimeout(420_000);
    await fastBudget(page);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    const rows = Array.from({ length: 1000 }, (_, i) => [`Customer ${i + 1}`, String(100 + i)]);
    rows[9]![1] = 'ten';
    rows[19]![1] = 'lots';
    rows[29]![1] = '12x';
    await upload(page, workflow.id, 'customers.csv', 'text/csv', csvOf([[f.text, f.number], ...rows]));

    await expect(page.getByText('997 valid')).toBeVisible();
    await expect(page.getByText('3 invalid', { exact: true })).toBeVisible();
    await screenshotBothThemes(page, 'batch-tab');
    const fix = page.getByLabel(`${f.number} (row 10)`);
    await fix.fill('42');
    await fix.press('Enter');
    await expect(page.getByText('998 valid')).toBeVisible();
    await page.getByLabel(/Skip the 2 invalid rows/).check();
    await page.getByRole('button', { name: 'Send 998 rows' }).click();

    await expect(page).toHaveURL(/\/batches\//);
    await waitForDone(page, 360_000);
    await expect(doneCount(page)).toHaveText('998 / 998');
    // Results are gathered on their own once the batch is done; the panel says when nothing is missing.
    await expect(page.getByText('Nothing is missing: every row is done and every result is in.')).toBeVisible({
      timeout: 180_000,
    });
    await screenshotBothThemes(page, 'batch-page');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download results (CSV)' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const table = parseCsv(text.slice(1));
    const header = table[0]!;
    expect(header.slice(0, 5)).toEqual([f.text, f.number, 'status', 'execution_id', 'error']);
    expect(header.length).toBeGreaterThan(5);
    expect(table).toHaveLength(1001);
    for (let i = 0; i < 1000; i += 1) {
      const line = table[i + 1]!;
      expect(line[0]).toBe(`Customer ${i + 1}`);
      if (i === 19 || i === 29) {
        expect(line[2]).toBe('skipped');
        expect(line[3]).toBe('');
        expect(line[4]).toContain('is not a number');
        continue;
      }
      expect(line[1]).toBe(i === 9 ? '42' : String(100 + i));
      expect(line[2], `row ${i + 1}`).toBe('finished');
      expect(line[3]).toMatch(/^[0-9a-f-]{36}$/);
      expect(line[4]).toBe('');
      expect(
        line.slice(5).some((c) => c !== ''),
        `row ${i + 1} has a result`,
      ).toBe(true);
    }
    // The first row's file cell is exactly what the service returns for that execution.
    const first = table[1]!;
    const detail = (await (await api.get(`workflows/${workflow.id}/executions/${first[3]}`)).json()) as {
      results: { filename: string; url: string; content?: string }[];
    };
    const file = detail.results.find((r) => r.filename === header[5]) ?? detail.results[0]!;
    if (file.content !== undefined && Buffer.byteLength(file.content) <= 32 * 1024) {
      expect(first[5]).toBe(neutralizeFormula(file.content));
    } else {
      expect(first[5]!.split('?')[0]).toBe(file.url.split('?')[0]);
    }
    expect(await countExecutions(api, workflow.id)).toBe(998);
  });

  test('an XLSX workbook: pick the sheet, send, finish', async ({ connectedPage: page, readyWorkflow }) => {
    test.setTimeout(180_000);
    await fastBudget(page);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    const buffer = await writeXlsxFile([
      { sheet: 'Read me', data: [['This sheet explains the data'], ['See the next sheet']] },
      {
        sheet: 'Customers',
        data: [[f.text, f.number], ...Array.from({ length: 5 }, (_, i) => [`Xlsx ${i + 1}`, 10 + i])],
      },
    ]).toBuffer();
    await upload(
      page,
      workflow.id,
      'customers.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    );
    await page.getByLabel('Sheet', { exact: true }).selectOption('Customers');
    await expect(page.getByText('5 valid')).toBeVisible();
    await page.getByRole('button', { name: 'Send 5 rows' }).click();
    await waitForDone(page);
    await expect(doneCount(page)).toHaveText('5 / 5');
  });

  test('while a batch is under way, its Stop and Pause updates buttons stay on screen at 375 px', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    test.setTimeout(120_000);
    await fastBudget(page);
    // Every row waits for approval, so the batch stays under way and both buttons stay offered.
    const workflow = await readyWorkflow(PROMPTS.approval);
    const field = Object.keys((workflow.input_schema as { properties: Record<string, unknown> }).properties)[0]!;
    await upload(page, workflow.id, 'waiting.csv', 'text/csv', csvOf([[field], ['Acme'], ['Globex']]));
    await page.getByRole('button', { name: 'Send 2 rows' }).click();
    await expect(page).toHaveURL(/\/batches\//);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const name of [/^Stop/, 'Pause updates']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box, String(name)).not.toBeNull();
      expect(box!.x, `${String(name)} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${String(name)} ends on screen`).toBeLessThanOrEqual(375);
    }
    await expect(page.getByText('Done', { exact: true })).toBeHidden();
  });

  test('a reload in the middle of a batch resumes it, with no row sent twice', async ({
    connectedPage: page,
    api,
    readyWorkflow,
  }) => {
    test.setTimeout(300_000);
    await fastBudget(page);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    const rows = Array.from({ length: 60 }, (_, i) => [`Reload ${i + 1}`, String(i + 1)]);
    await upload(page, workflow.id, 'reload.csv', 'text/csv', csvOf([[f.text, f.number], ...rows]));
    await page.getByRole('radio', { name: /Low \(1\)/ }).check();
    await page.getByRole('button', { name: 'Send 60 rows' }).click();
    await expect(page).toHaveURL(/\/batches\//);
    await expect(page.getByRole('img', { name: /Progress: .*finished/ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Done', { exact: true })).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'reload.csv' })).toBeVisible();
    await waitForDone(page, 240_000);
    await expect(doneCount(page)).toHaveText('60 / 60');
    expect(await countExecutions(api, workflow.id)).toBe(60);
  });

  test('a send cut off by leaving the page is checked and confirmed on whichever page opens next', async ({
    connectedPage: page,
    api,
    readyWorkflow,
  }) => {
    test.setTimeout(180_000);
    await fastBudget(page);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    let reached: () => void = () => undefined;
    const sendReached = new Promise<void>((resolve) => (reached = resolve));
    let left: () => void = () => undefined;
    const pageLeft = new Promise<void>((resolve) => (left = resolve));
    let sends = 0;
    await page.route(SEND, async (route) => {
      if (sends++ > 0) return route.continue();
      // The service creates the rows, but the tab is gone before the answer comes back.
      await route.fetch();
      reached();
      await pageLeft;
      await route.abort().catch(() => undefined);
    });
    const rows = Array.from({ length: 12 }, (_, i) => [`Away ${i + 1}`, String(i + 1)]);
    await upload(page, workflow.id, 'away.csv', 'text/csv', csvOf([[f.text, f.number], ...rows]));
    await page.getByRole('button', { name: 'Send 12 rows' }).click();
    await sendReached;
    // Back on the workflows list, not the batch: the app itself asks the service whether the rows arrived.
    // On a v1 server it reads the list; where the server keeps batches it sends the rows again, which runs nothing twice.
    const checked = page.waitForRequest(
      (r) =>
        (r.url().includes(`/workflows/${workflow.id}/executions?`) && r.url().includes('limit=100')) ||
        (r.method() === 'POST' && /\/batches\/[^/]+\/runs$/.test(new URL(r.url()).pathname)),
    );
    await page.goto('/workflows');
    left();
    await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
    await checked;
    expect(await countExecutions(api, workflow.id)).toBe(12);
    await page.goto(`/workflows/${workflow.id}/batch`);
    await page.getByRole('link', { name: 'away.csv' }).click();
    await expect(page.getByText(/may not have arrived/)).toBeHidden();
    await waitForDone(page);
    await expect(doneCount(page)).toHaveText('12 / 12');
    expect(await countExecutions(api, workflow.id)).toBe(12);
  });

  test('a chunk whose answer is lost becomes unconfirmed and is found on the service, not sent twice', async ({
    connectedPage: page,
    api,
    readyWorkflow,
  }) => {
    test.setTimeout(180_000);
    await fastBudget(page);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    let cut = 0;
    await page.route(SEND, async (route) => {
      if (cut > 0) return route.continue();
      cut += 1;
      // The request reaches the service, but the browser never sees the answer.
      await route.fetch();
      await route.abort('connectionreset');
    });
    const rows = Array.from({ length: 25 }, (_, i) => [`Lost ${i + 1}`, String(i + 1)]);
    await upload(page, workflow.id, 'lost.csv', 'text/csv', csvOf([[f.text, f.number], ...rows]));
    await page.getByRole('button', { name: 'Send 25 rows' }).click();
    await expect(page.getByText(/connection dropped while sending, but the service received them/)).toBeVisible({
      timeout: 60_000,
    });
    await waitForDone(page);
    await expect(doneCount(page)).toHaveText('25 / 25');
    expect(cut).toBe(1);
    expect(await countExecutions(api, workflow.id)).toBe(25);
  });

  test('failed rows are fixed in the grid and re-run as attempt 2 of the same batch', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    test.setTimeout(180_000);
    await fastBudget(page);
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    const rows = Array.from({ length: 10 }, (_, i) => [`Retry ${i + 1}`, String(i % 3 === 0 ? -(i + 1) : i + 1)]);
    await upload(page, workflow.id, 'retry.csv', 'text/csv', csvOf([[f.text, f.number], ...rows]));
    await page.getByRole('button', { name: 'Send 10 rows' }).click();
    await waitForDone(page);
    await expect(page.getByRole('img', { name: /6 finished, 4 error/ })).toBeVisible();

    await page.getByLabel('Status', { exact: true }).selectOption('error');
    const grid = page.getByRole('table', { name: 'Rows of this batch' });
    for (const n of [1, 4, 7, 10]) {
      const cell = grid.getByLabel(`${f.number}, row ${n}`, { exact: true });
      await cell.fill(String(n * 10));
      await cell.press('Enter');
    }
    await page.getByRole('button', { name: 'Re-run all failed (4)' }).click();
    await expect(page.getByText('Re-running 4 rows as a new attempt in this batch.')).toBeVisible();
    await expect(page.getByRole('img', { name: /10 finished/ })).toBeVisible({ timeout: 120_000 });
    await expect(page.getByRole('heading', { name: 'retry.csv' })).toBeVisible();
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await expect(grid.getByRole('button', { name: 'Show details of row 4', exact: true })).toHaveText('History');

    // Both batch screens fit a phone without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const where of ['batch page', 'batch tab']) {
      if (where === 'batch tab') await page.getByRole('link', { name: '← All batches' }).click();
      await expect(page.getByRole('main')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on the ${where}`).toBeLessThanOrEqual(0);
    }
    await screenshotBothThemes(page, 'batch-list-375px');
  });
});
