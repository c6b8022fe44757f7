import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { neutralizeFormula } from '../src/web/lib/csv-write';
import {
  BOTH_MODES_TAG,
  expect,
  expectNoSeriousA11yViolations,
  screenshotBothThemes,
  test,
  textAndNumberFields,
} from './support/fixtures';
import { download } from './support/downloads';
import { PROMPTS } from './support/prompts';

/**
 * Rows of the big journey. A server that cannot cancel runs every sent row to the end, so there the
 * journey takes 500: the same stop, fix and exports, without ten minutes of runs nobody looks at.
 */
const rowsOf = (strictV1: boolean) => (strictV1 ? 500 : 2000);
const counted = (n: number) => n.toLocaleString('en-US');
/** The row whose amount is negative on purpose: it fails, is fixed in the grid and re-run. */
const FIXED = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** "customer_name" → "Customer Name": headers as a person types them, for the mapping to match. */
const titled = (name: string): string => name.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Plain amounts, amounts written with a currency sign and thousands separators, every 250th row
 * negative (the workflow fails those), and two rows the upload check refuses.
 */
function spreadsheet(rows: number): string[][] {
  return Array.from({ length: rows }, (_, i) => {
    const name = i % 97 === 0 ? `=HYPERLINK("x";"Client ${i + 1}")` : `Client ${i + 1}`;
    if (i === FIXED) return [name, '-75.00'];
    if (i % 250 === 3) return [name, `-${i}`];
    if (i === 11) return [name, 'ten'];
    if (i === 12) return [name, '=1+1'];
    return [name, i % 5 === 0 ? `$${(1000 + i).toLocaleString('en-US')}.50` : String(i + 1)];
  });
}

const readCsv = (text: string): string[][] => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { delimiter: ',', skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

/** Where an element is actually drawn: its box cut by every ancestor that clips what overflows it. */
interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The drawn boxes of a row's cells (or column headers), in order. */
const drawnCells = (cells: Locator): Promise<Box[]> =>
  cells.evaluateAll((cells) =>
    cells.map((cell) => {
      const r = cell.getBoundingClientRect();
      const box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let el = cell.parentElement; el !== null; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const c = el.getBoundingClientRect();
        box.left = Math.max(box.left, c.left);
        box.right = Math.min(box.right, c.right);
        box.top = Math.max(box.top, c.top);
        box.bottom = Math.min(box.bottom, c.bottom);
      }
      return box;
    }),
  );

const overlaps = (a: Box, b: Box): boolean =>
  a.right - a.left > 0.5 &&
  a.bottom - a.top > 0.5 &&
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

/** Whether the focused element is wholly drawn and is what a click at its centre would hit (nothing sticky over it). */
const focusedFullyInView = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el === null || el === document.body) return { inGrid: false, visible: false, name: '' };
    const inGrid = el.closest('[aria-label="Rows of this batch"]') !== null;
    const r = el.getBoundingClientRect();
    let visible = r.width > 0;
    for (let p = el.parentElement; p !== null && visible; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = p.getBoundingClientRect();
      visible = r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inGrid,
      visible: visible && hit !== null && (hit === el || el.contains(hit)),
      name: el.getAttribute('aria-label') ?? el.textContent ?? '',
    };
  });

test.describe('the batch page as a spreadsheet grid', () => {
  test(
    '2,000 rows (500 in strict-v1): upload, stop, fix a failed row and re-run it, reload, and exports checked cell by cell',
    { tag: BOTH_MODES_TAG },
    async ({ connectedPage: page, api, readyWorkflow, strictV1 }) => {
      test.setTimeout(900_000);
      const rowCount = rowsOf(strictV1);
      const sent = counted(rowCount - 2);
      await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
      const workflow = await readyWorkflow(PROMPTS.guarded);
      const f = textAndNumberFields(workflow);
      const header = [titled(f.text), `${titled(f.number)} (USD)`];
      const cells = spreadsheet(rowCount);
      const csv = Papa.unparse([header, ...cells], { newline: '\n' });

      await page.goto(`/workflows/${workflow.id}/batch`);
      await page
        .getByLabel('Spreadsheet file')
        .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

      // The headers were typed by a person, not copied from the schema: the mapping still matches them.
      await expect(page.getByLabel(header[0]!, { exact: true })).toHaveValue(f.text);
      await expect(page.getByLabel(header[1]!, { exact: true })).toHaveValue(f.number);
      await expect(page.getByText(/Converted, e\.g\. \$1,000\.50 → 1000\.5/)).toBeVisible();
      await expect(page.getByText(`${sent} valid`)).toBeVisible();

      // The invalid rows come back exactly as uploaded, formulas and all, to be fixed elsewhere.
      const invalid = readCsv(
        readFileSync((await (await download(page, 'Download invalid rows (CSV)')).path())!, 'utf8'),
      );
      expect(invalid[0]).toEqual([...header, 'problems']);
      expect(invalid.slice(1).map((r) => r.slice(0, 2))).toEqual([cells[11], cells[12]]);

      await page.setViewportSize({ width: 375, height: 800 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the mapping fits 375 px').toBeLessThanOrEqual(0);
      await screenshotBothThemes(page, 'batch-mapping-375px');
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.getByLabel(/Skip the 2 invalid rows/).check();
      await page.getByRole('button', { name: `Send ${sent} rows` }).click();
      await expect(page).toHaveURL(/\/batches\//);

      // Stop while the batch is under way: the label says what stopping will do on this server.
      const stop = page.getByRole('button', { name: strictV1 ? 'Stop sending' : 'Stop (cancel queued runs)' });
      await expect(stop).toBeVisible();
      // Some rows finish first, so the journey ends with finished, failed and (where the server can) cancelled rows.
      await expect(page.getByRole('img', { name: /Progress: .*finished/ })).toBeVisible({ timeout: 120_000 });
      await expect(
        page.getByText(
          strictV1
            ? 'Stops sending; runs already sent will finish (this server cannot cancel them).'
            : /cancels the runs still queued/,
        ),
      ).toBeVisible();
      await stop.click();
      await expect(page.getByRole('status').filter({ hasText: /^Stopped/ })).toContainText(
        strictV1 ? 'This server cannot cancel runs' : /The server cancelled [\d,]+ queued run/,
      );
      await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 1_200_000 });

      // The failed row shows its error in the grid; its amount is edited in place and re-run.
      const grid = page.getByRole('table', { name: 'Rows of this batch' });
      await page.getByLabel('Search rows').fill('Client 8');
      const row = grid.getByRole('row', { name: `Row ${FIXED + 1}`, exact: true });
      await expect(
        row.getByRole('cell').filter({ hasText: strictV1 ? /negative/i : /negative|cancelled by/i }),
      ).toBeVisible();
      const amount = row.getByLabel(`${header[1]}, row ${FIXED + 1}`, { exact: true });
      await amount.fill('minus five');
      await amount.press('Enter');
      await expect(row.getByText(/"minus five" is not a number/)).toBeVisible();
      await amount.fill('75.00');
      await amount.press('Enter');
      await expect(row.getByLabel(`Select row ${FIXED + 1}`)).toBeChecked();
      // The reload below comes once the page has recorded the re-run's answer: the row links to its
      // new execution. The answer reaching the browser is not enough: on a busy machine the page
      // writes it down a moment later, and a reload in between takes the journey through the check
      // of a lost answer instead (rerun-reload.spec.ts covers that path on purpose).
      await page.getByRole('button', { name: 'Re-run selected (1)' }).click();
      await expect(page.getByText('Re-running 1 row as a new attempt in this batch.')).toBeVisible();
      await expect(
        row.getByRole('link', {
          name: new RegExp(`^Row ${FIXED + 1}: (Queued|Processing|Finished), open its execution$`),
        }),
      ).toBeVisible({ timeout: 60_000 });

      // A reload in the middle of the run: the re-run is in the journal, so it is tracked to its end.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'clients.csv' })).toBeVisible();
      await page.getByLabel('Search rows').fill('Client 8');
      await expect(
        grid
          .getByRole('row', { name: `Row ${FIXED + 1}`, exact: true })
          .getByRole('link', { name: `Row ${FIXED + 1}: Finished, open its execution` }),
      ).toBeVisible({ timeout: 180_000 });
      await grid.getByRole('button', { name: `Show details of row ${FIXED + 1}`, exact: true }).click();
      await expect(grid.getByRole('list', { name: `Earlier attempts of row ${FIXED + 1}` })).toContainText('Attempt 1');
      await page.getByLabel('Search rows').fill('');

      await expect(page.getByText('Nothing is missing: every row is done and every result is in.')).toBeVisible({
        timeout: 300_000,
      });
      await expectNoSeriousA11yViolations(page, 'the batch page with its grid');
      await screenshotBothThemes(page, 'batch-grid-1280px');
      await page.setViewportSize({ width: 375, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'the batch page fits 375 px',
      ).toBeLessThanOrEqual(0);
      await screenshotBothThemes(page, 'batch-grid-375px');
      await page.setViewportSize({ width: 1280, height: 900 });

      // Results CSV, cell by cell: the uploaded cells (the fix included), the latest attempt's status and error.
      const results = readCsv(readFileSync((await (await download(page, 'Download results (CSV)')).path())!, 'utf8'));
      expect(results[0]!.slice(0, 6)).toEqual([...header, 'status', 'attempt', 'execution_id', 'error']);
      expect(results).toHaveLength(rowCount + 1);
      const seen = new Set<string>();
      let cancelled = 0;
      for (let i = 0; i < rowCount; i += 1) {
        const line = results[i + 1]!;
        const uploaded = i === FIXED ? [cells[i]![0]!, '75.00'] : cells[i]!;
        expect(line.slice(0, 2), `row ${i + 1} cells`).toEqual(uploaded.map(neutralizeFormula));
        if (i === 11 || i === 12) {
          expect(line.slice(2, 6)).toEqual(['skipped', '1', '', expect.stringContaining('Skipped:')]);
          continue;
        }
        expect(line[3], `row ${i + 1} attempt`).toBe(i === FIXED ? '2' : '1');
        expect(line[4]).toMatch(UUID);
        seen.add(line[4]!);
        const negative = uploaded[1]!.startsWith('-');
        if (line[2] === 'error') {
          expect(line[5], `row ${i + 1} error`).not.toBe('');
          if (!negative) {
            expect(strictV1, `row ${i + 1} failed on a server that cannot cancel`).toBe(false);
            expect(line[5]).toMatch(/cancelled by/);
            cancelled += 1;
          }
        } else {
          expect(line[2], `row ${i + 1} status`).toBe('finished');
          expect(negative, `row ${i + 1} should have failed`).toBe(false);
          expect(
            line.slice(6).some((c) => c !== ''),
            `row ${i + 1} has a result`,
          ).toBe(true);
        }
      }
      expect(seen.size).toBe(rowCount - 2);
      if (!strictV1) expect(cancelled).toBeGreaterThan(0);
      expect(results[FIXED + 1]![2]).toBe('finished');

      // XLSX: the same cells, numbers as numbers.
      const sheet = await readSheet(readFileSync((await (await download(page, 'Download results (XLSX)')).path())!));
      expect(sheet).toHaveLength(rowCount + 1);
      for (let i = 0; i < rowCount; i += 1) {
        const uploaded = i === FIXED ? '75.00' : cells[i]![1]!;
        const expected = /^-?\d+(\.\d+)?$/.test(uploaded) ? Number(uploaded) : uploaded;
        expect(sheet[i + 1]![0], `row ${i + 1} name`).toBe(cells[i]![0]);
        expect(sheet[i + 1]![1], `row ${i + 1} amount`).toBe(expected);
      }

      // The zip holds every finished row's files, one folder per row, and says what is missing, if anything.
      const zip = unzipSync(
        new Uint8Array(readFileSync((await (await download(page, 'Download all files (zip)')).path())!)),
      );
      const finishedRows = results.slice(1).filter((r) => r[2] === 'finished').length;
      const folders = new Set(Object.keys(zip).map((p) => p.split('/')[0]));
      expect(folders.has('MISSING-FILES.txt')).toBe(false);
      expect(folders.size).toBe(finishedRows);
      const fixedFolder = `row-${String(FIXED + 1).padStart(4, '0')}`;
      const fixedFiles = Object.keys(zip).filter((p) => p.startsWith(`${fixedFolder}/`));
      expect(fixedFiles.length).toBeGreaterThan(0);
      const firstText = fixedFiles.map((p) => strFromU8(zip[p]!)).find((t) => t.includes('75'));
      expect(firstText, 'the fixed row’s result reflects the fixed amount').toBeDefined();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: new RegExp(`^Saved clients-files\\.zip: ${counted(rowCount)} rows, [\\d,]+ files\\.$`) }),
      ).toBeVisible();

      // Only rows that were sent exist on the service: each first attempt and one re-run.
      let listed = 0;
      let cursor: string | null = null;
      do {
        const res = await api.get(`workflows/${workflow.id}/executions`, {
          params: { limit: 100, ...(cursor ? { cursor } : {}) },
        });
        const body = (await res.json()) as { data: unknown[]; cursor: string | null };
        listed += body.data.length;
        cursor = body.cursor;
      } while (cursor !== null);
      expect(listed).toBe(rowCount - 2 + 1);
    },
  );

  test('at 1280 px the pinned columns cover no cell and Tab keeps the focused cell in view; at 375 px rows are cards', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
    const workflow = await readyWorkflow(PROMPTS.guarded);
    const f = textAndNumberFields(workflow);
    // Five columns the workflow does not use: the grid is wider than the page, as with a real export.
    const header = [titled(f.text), titled(f.number), 'Notes', 'City', 'Region', 'Country', 'Phone'];
    // Rows 2, 6 and 10 have negative amounts, so the workflow fails them.
    const rows = Array.from({ length: 12 }, (_, i) => [
      `Wide ${i + 1}`,
      String(i % 4 === 1 ? -(i + 1) : i + 1),
      `Note ${i + 1}`,
      'Lyon',
      'Rhône',
      'France',
      `+33 4 00 00 00 ${String(i).padStart(2, '0')}`,
    ]);
    const csv = Papa.unparse([header, ...rows], { newline: '\n' });
    await page.goto(`/workflows/${workflow.id}/batch`);
    await page
      .getByLabel('Spreadsheet file')
      .setInputFiles({ name: 'wide.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Send 12 rows' }).click();
    await expect(page.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText('3 rows failed: fix their cells below, then re-run them.')).toBeVisible();
    // The progress card speaks in rows, never in the parts the batch was sent in.
    await expect(page.getByText(/Chunk \d|\d+(\.\d+)? KB|Pause tracking/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause updates' })).toHaveCount(0);

    await page.setViewportSize({ width: 1280, height: 900 });
    const grid = page.getByRole('table', { name: 'Rows of this batch' });
    const row = grid.getByRole('row', { name: 'Row 2', exact: true });
    await expect(row.getByRole('cell').filter({ hasText: /negative/i })).toBeVisible();

    // Select and row number at the left, status with the error at the right; every other cell is data.
    const assertNothingCovered = async (when: string) => {
      for (const cells of [
        await drawnCells(grid.getByRole('columnheader')),
        await drawnCells(row.getByRole('cell')),
        await drawnCells(grid.getByRole('row', { name: 'Row 3', exact: true }).getByRole('cell')),
      ]) {
        const pinned = [cells[0]!, cells[1]!, cells.at(-1)!];
        cells.slice(2, -1).forEach((cell, i) => {
          for (const p of pinned)
            expect(overlaps(cell, p), `${when}: data cell ${i + 1} is drawn under a pinned column`).toBe(false);
        });
      }
    };
    await assertNothingCovered('at rest');
    // The pinned columns take under a quarter of the grid, and the results show without scrolling sideways.
    const heads = await drawnCells(grid.getByRole('columnheader'));
    const gridBox = (await grid.boundingBox())!;
    const wide = (b: { left: number; right: number }) => b.right - b.left;
    const pinnedWidth = wide(heads[0]!) + wide(heads[1]!) + wide(heads.at(-1)!);
    expect(pinnedWidth, 'pinned columns under a quarter of the width').toBeLessThan(gridBox.width / 4);
    const results = (await grid.getByRole('columnheader', { name: 'Results' }).boundingBox())!;
    expect(results.x + results.width, 'the results column in view at rest').toBeLessThanOrEqual(heads.at(-1)!.left);
    // Tab through the failed row and on into the next ones: each focused control is wholly in view.
    await row.getByLabel(`${header[0]}, row 2`, { exact: true }).focus();
    for (let step = 0; step < 24; step += 1) {
      const focused = await focusedFullyInView(page);
      if (!focused.inGrid) break;
      // Rows follow each other's sideways scroll through scroll events, a frame or two behind on a busy
      // machine: what counts is where the focused cell settles, as a person sees it.
      await expect
        .poll(async () => (await focusedFullyInView(page)).visible, {
          message: `Tab ${step}: "${focused.name}" is hidden or covered`,
          timeout: 5_000,
        })
        .toBe(true);
      await page.keyboard.press('Tab');
    }
    await assertNothingCovered('after tabbing');
    const last = row.getByLabel('Phone, row 2', { exact: true });
    await last.focus();
    expect((await focusedFullyInView(page)).visible, 'the last column, focused, is in view').toBe(true);
    await screenshotBothThemes(page, 'batch-grid-wide-1280px');

    // On a phone each row is a card: its status and error first, then the fields under their titles.
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole('list', { name: 'Rows of this batch' });
    const card = cards.getByRole('listitem', { name: 'Row 2', exact: true });
    const props = (workflow.input_schema as { properties: Record<string, { title?: string }> }).properties;
    const amountTitle = props[f.number]?.title ?? header[1]!;
    const amount = card.getByLabel(`${amountTitle}, row 2`, { exact: true });
    const status = card.getByRole('link', { name: 'Row 2: Error, open its execution' });
    const error = card.getByText(/negative/i).first();
    await expect(amount).toBeVisible();
    const [statusBox, errorBox, firstField] = await Promise.all([
      status.boundingBox(),
      error.boundingBox(),
      card.getByText(props[f.text]?.title ?? header[0]!, { exact: true }).boundingBox(),
    ]);
    expect(statusBox!.y, 'status above the fields').toBeLessThan(firstField!.y);
    expect(errorBox!.y, 'error above the fields').toBeLessThan(firstField!.y);
    expect(statusBox!.x + statusBox!.width, 'status on screen').toBeLessThanOrEqual(375);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      'the cards fit 375 px',
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'the batch rows as cards');
    await screenshotBothThemes(page, 'batch-cards-375px');

    // The card is edited as the grid is: fixing the amount selects the row for the re-run.
    await amount.fill('20');
    await amount.press('Enter');
    await expect(card.getByLabel('Select row 2')).toBeChecked();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoSeriousA11yViolations(page, 'the batch grid with pinned columns');
    for (const n of [6, 10]) {
      const cell = grid.getByLabel(`${header[1]}, row ${n}`, { exact: true });
      await cell.fill(String(n));
      await cell.press('Enter');
    }
    await page.getByRole('button', { name: 'Re-run all failed (3)' }).click();
    await expect(page.getByRole('img', { name: /12 finished/ })).toBeVisible({ timeout: 120_000 });
    // Nothing failed any more: no count of failed rows, no hint to edit them.
    await expect(page.getByText(/failed: fix/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Re-run all failed/ })).toHaveCount(0);
  });
});
