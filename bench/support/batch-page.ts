// The batch pages as the batch benches drive them: the demo workflow, a CSV uploaded and checked in the
// Batch tab, what the page and its journal show, and the service's own finish times.
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { RowRecord } from '../../src/web/batch-engine/batch-types';
import { apiGet, type WebServer } from './browser';
import { groupedNumberPattern, waitForMark, watchText } from './page-probe';
import { csvForSchema, type ObjectSchema } from './schema-csv';

export const DEMO_WORKFLOW = 'Company Brief';

export interface Workflow {
  id: string;
  name: string;
  input_schema: ObjectSchema | null;
}

export async function demoWorkflow(server: WebServer): Promise<Workflow> {
  const list = await apiGet<{ data: Array<{ id: string; name: string }> }>(server, '/workflows?limit=100');
  const item = list.data.find((w) => w.name === DEMO_WORKFLOW);
  if (item === undefined) throw new Error(`the demo workflow "${DEMO_WORKFLOW}" is missing from a fresh service`);
  const detail = await apiGet<Workflow>(server, `/workflows/${item.id}`);
  if (detail.input_schema === null) throw new Error(`"${DEMO_WORKFLOW}" has no input_schema`);
  return detail;
}

export const summaryPattern = (rows: number) => new RegExp(`of ${groupedNumberPattern(rows)} rows, every row checked`);

/** Writes the CSV where the browser can read it, as a person's file would be. */
export function csvFile(schema: ObjectSchema, rows: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'wf-bench-csv-'));
  const path = join(dir, `companies-${rows}.csv`);
  writeFileSync(path, csvForSchema(schema, rows));
  return path;
}

export const removeFile = (path: string) => rmSync(dirname(path), { recursive: true, force: true });

/** Opens the Batch tab and uploads the CSV; resolves once the Check summary for every row shows. */
export async function uploadAndCheck(
  page: Page,
  server: WebServer,
  workflow: Workflow,
  csv: string,
  rows: number,
  timeout: number,
) {
  await page.goto(`${server.origin}/workflows/${workflow.id}/batch`);
  const input = page.getByLabel('Spreadsheet file');
  await input.waitFor({ state: 'attached' });
  await watchText(page, 'checked', '[role="status"]', summaryPattern(rows));
  // A path, not a buffer: Playwright then hands the file over through CDP, where a buffer would be
  // decoded from base64 by script in the page, a long task of its own that is not the dashboard's.
  await input.setInputFiles(csv);
  const end = await waitForMark(page, 'checked', timeout);
  const summary =
    (await page
      .getByRole('status')
      .filter({ hasText: summaryPattern(rows) })
      .first()
      .textContent()) ?? '';
  const [valid, invalid] = [/([\d.,\s\u00a0\u202f]+) valid/, /([\d.,\s\u00a0\u202f]+) invalid/].map((re) =>
    Number((re.exec(summary)?.[1] ?? '').replace(/\D/g, '')),
  );
  return { end, valid: valid!, invalid: invalid! };
}

/** The finish times (ms) of the workflow's executions, oldest first, read from the service's database: no API request. */
export function finishTimes(dataDir: string, workflowId: string): number[] {
  const db = new Database(join(dataDir, 'service.db'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare<[string], { finished_at: string }>(
        `SELECT finished_at FROM executions WHERE workflow_id = ? AND status IN ('finished', 'error') AND finished_at IS NOT NULL`,
      )
      .all(workflowId);
    return rows.map((r) => Date.parse(r.finished_at)).sort((a, b) => a - b);
  } finally {
    db.close();
  }
}

export const readDone = async (page: Page): Promise<number | null> => {
  const text = await page
    .locator('dt', { hasText: /^Rows done$/ })
    .locator('xpath=following-sibling::dd[1]')
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);
  if (text === null) return null;
  const m = /^([\d.,\s\u00a0\u202f]+)\//.exec(text);
  return m === null ? null : Number(m[1]!.replace(/\D/g, ''));
};

interface Gathered {
  rowsTotal: number;
  rowsWithResults: number;
  filesFetched: number;
  filesMissing: number;
}

/**
 * The batch's rows as the journal of this origin holds them (no API request): counted inside the
 * page where `count` (so 10,000 rows with their contents need not cross over), else every row.
 */
const readJournal = (page: Page, batchId: string, count: boolean): Promise<Gathered | RowRecord[]> =>
  page.evaluate(
    ({ id, count }) =>
      new Promise<Gathered | RowRecord[]>((resolve, reject) => {
        const open = indexedDB.open('wf-batches');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result
            .transaction('rows')
            .objectStore('rows')
            .getAll(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
          req.onerror = () => reject(req.error);
          req.onsuccess = () => {
            open.result.close();
            if (!count) return resolve(req.result as RowRecord[]);
            const text = /\.(md|markdown|txt|text|csv|tsv|json|jsonl|ndjson|html?|xml|ya?ml|log|ini|toml|svg)$/i;
            const out = { rowsTotal: 0, rowsWithResults: 0, filesFetched: 0, filesMissing: 0 };
            for (const r of req.result as RowRecord[]) {
              if (r.executionId === undefined || (r.status !== 'finished' && r.status !== 'error')) continue;
              out.rowsTotal += 1;
              if (r.results === undefined || (r.status === 'error' && r.error === undefined)) {
                out.filesMissing += 1;
                continue;
              }
              out.rowsWithResults += 1;
              for (const f of r.results ?? []) {
                if (f.content !== undefined) out.filesFetched += 1;
                else if (text.test(f.filename)) out.filesMissing += 1;
              }
            }
            resolve(out);
          };
        };
      }),
    { id: batchId, count },
  );

/** What the journal of this origin holds for the batch, counted in the page (no API request). */
export const gatheredInPage = (page: Page, batchId: string) => readJournal(page, batchId, true) as Promise<Gathered>;

/** Every row of the batch as the page's journal holds it, for the real export code in node. */
export const journalRows = (page: Page, batchId: string) => readJournal(page, batchId, false) as Promise<RowRecord[]>;
