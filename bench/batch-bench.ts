// Issue #4's batch figures: parse, map and validate a spreadsheet in the real Batch tab; the results CSV.
// Issue #8's tracking figures are in batch-tracking.ts.
import type { Browser } from '@playwright/test';
import type { BatchRecord, RowRecord } from '../src/web/batch-engine/batch-types';
import { buildResultsCsv } from '../src/web/batch-engine/export-results';
import type { Figure } from './service-bench';
import { csvFile, DEMO_WORKFLOW, demoWorkflow, removeFile, uploadAndCheck, type Workflow } from './support/batch-page';
import { connectPage, type WebServer } from './support/browser';
import { installProbe, longTasksBetween, readMark } from './support/page-probe';

interface CheckRun {
  ms: number;
  longest: number;
  over100: number;
}

async function parseOnce(
  browser: Browser,
  server: WebServer,
  workflow: Workflow,
  csv: string,
  rows: number,
): Promise<CheckRun> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await connectPage(page);
    await installProbe(page);
    const { end, valid, invalid } = await uploadAndCheck(page, server, workflow, csv, rows, 180_000);
    if (valid !== rows || invalid !== 0)
      throw new Error(`expected ${rows} valid rows, the page says ${valid} valid and ${invalid} invalid`);
    const start = await readMark(page, 'fileChosen');
    if (start === undefined) throw new Error('the file input never fired change');
    // Long-task entries arrive after the task ends; give the last one time to be reported.
    await page.waitForTimeout(500);
    const tasks = await longTasksBetween(page, start, end);
    return {
      ms: Math.round(end - start),
      longest: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
      over100: tasks.filter((t) => t.duration > 100).length,
    };
  } finally {
    await context.close();
  }
}

/** Issue #4: parse, map and validate 10,000 rows (≤ 400 ms, no main-thread task over 100 ms), and 100,000. */
export async function measureParseAndValidate(browser: Browser, server: WebServer, figures: Figure[]): Promise<void> {
  const workflow = await demoWorkflow(server);
  const small = csvFile(workflow.input_schema!, 10_000);
  const runs: CheckRun[] = [];
  try {
    for (let i = 0; i < 3; i += 1) runs.push(await parseOnce(browser, server, workflow, small, 10_000));
  } finally {
    removeFile(small);
  }
  console.log(`    10,000 rows, runs: ${runs.map((r) => `${r.ms} ms (longest task ${r.longest} ms)`).join(', ')}`);
  const ms = [...runs].sort((a, b) => a.ms - b.ms)[1]!.ms;
  const longest = [...runs].sort((a, b) => a.longest - b.longest)[1]!.longest;
  figures.push({
    name: `parse, map, validate 10,000 rows (${DEMO_WORKFLOW}, median of 3)`,
    value: ms,
    unit: 'ms',
    goal: '≤ 400 ms',
    ok: ms <= 400,
  });
  figures.push({
    name: 'longest main-thread task meanwhile (median of 3)',
    value: longest,
    unit: 'ms',
    goal: '≤ 100 ms',
    ok: longest <= 100,
  });

  const big = csvFile(workflow.input_schema!, 100_000);
  let run: CheckRun;
  try {
    run = await parseOnce(browser, server, workflow, big, 100_000);
  } finally {
    removeFile(big);
  }
  figures.push({ name: 'parse, map, validate 100,000 rows', value: run.ms, unit: 'ms' });
  figures.push({
    name: 'longest main-thread task meanwhile',
    value: run.longest,
    unit: 'ms',
    goal: '≤ 100 ms',
    ok: run.longest <= 100,
  });
}

const MARKDOWN = (i: number) =>
  `# Company ${i}\n\nA short brief, written in a formal tone.\n\n- Website: https://company-${i}.example\n- Founded: 20${String(i % 25).padStart(2, '0')}\n\n${'Company '.repeat(20)}"quoted", and more.\n`;
const HTML = (i: number) =>
  `<!doctype html><html><body><h1>Company ${i}</h1><p>${'A paragraph of the brief. '.repeat(50)}</p></body></html>`;
const JSON_OUT = (i: number) =>
  JSON.stringify({
    company: `Company ${i}`,
    website: `https://company-${i}.example`,
    tone: 'formal',
    summary: 'A short brief.'.repeat(10),
  });

/** 10,000 rows with details cached: most finished with 3 inline files, every third with 2 (one only a link), a few errors. */
function syntheticRows(count = 10_000): { batch: Pick<BatchRecord, 'columns'>; rows: RowRecord[] } {
  const rows: RowRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const cells = [`Company ${i}`, `https://company-${i}.example`, i % 2 === 0 ? 'formal' : 'casual'];
    const base: RowRecord = {
      batchId: 'bench',
      index: i,
      cells,
      input: { company_name: cells[0], website: cells[1], tone: cells[2] },
      status: 'finished',
      executionId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i).toISOString(),
      detailsAt: Date.now(),
      attempt: 1,
    };
    const url = (name: string) =>
      `http://127.0.0.1:8080/files/${base.executionId}/${name}?expires=1800000000&signature=${'a'.repeat(64)}`;
    if (i % 97 === 0) {
      rows.push({
        ...base,
        status: 'error',
        error: 'The website could not be read: connection refused.',
        results: [
          {
            filename: 'error.txt',
            url: url('error.txt'),
            content: 'The website could not be read: connection refused.',
          },
        ],
      });
    } else if (i % 3 === 0) {
      rows.push({
        ...base,
        results: [
          { filename: 'company-brief.md', url: url('company-brief.md'), content: MARKDOWN(i) },
          { filename: 'company-brief.pdf', url: url('company-brief.pdf') },
        ],
      });
    } else {
      rows.push({
        ...base,
        results: [
          { filename: 'company-brief.md', url: url('company-brief.md'), content: MARKDOWN(i) },
          { filename: 'company-brief.html', url: url('company-brief.html'), content: HTML(i) },
          { filename: 'company-brief.json', url: url('company-brief.json'), content: JSON_OUT(i) },
        ],
      });
    }
  }
  return { batch: { columns: ['company_name', 'website', 'tone'] }, rows };
}

/** Issue #4: building the results CSV for 10,000 rows once every detail is cached (node, the same code the page runs). */
export async function measureResultsCsv(figures: Figure[]): Promise<void> {
  const { batch, rows } = syntheticRows();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 6; i += 1) {
    const t0 = performance.now();
    const csv = buildResultsCsv(batch, rows);
    times.push(performance.now() - t0);
    bytes = Buffer.byteLength(csv);
  }
  const [first, ...warm] = times;
  const ms = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)]!;
  console.log(
    `    first run ${Math.round(first!)} ms, then ${warm.map((t) => Math.round(t)).join(', ')} ms; ${(bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  figures.push({ name: 'results CSV of 10,000 rows, first build', value: Math.round(first!), unit: 'ms' });
  figures.push({ name: 'results CSV of 10,000 rows (median of 5 after it)', value: Math.round(ms), unit: 'ms' });
  figures.push({ name: 'results CSV size', value: Math.round((bytes / 1024 / 1024) * 10) / 10, unit: 'MB' });
}
