import Papa from 'papaparse';
import { readFileSync } from 'node:fs';
import { neutralizeFormula } from '../src/contract/spreadsheet-cells';
import { BOTH_MODES_TAG, expect, test } from './support/fixtures';
import { download } from './support/downloads';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

interface ResultFileJson {
  filename: string;
  url: string;
  content?: string;
}

test.describe('files that read right', () => {
  test(
    'the results CSV holds every result file exactly as the service wrote it, and starts no formula in any locale',
    { tag: BOTH_MODES_TAG },
    async ({ connectedPage: page, api, readyWorkflow }) => {
      test.setTimeout(240_000);
      await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
      const workflow = await readyWorkflow(PROMPTS.everyFormat);
      const keys = Object.keys((workflow.input_schema?.properties ?? {}) as Record<string, unknown>);
      const rows = Array.from({ length: 12 }, (_, i) =>
        keys.map((k) => (/website|url/i.test(k) ? `https://example${i}.com` : `=Company ${i}`)),
      );
      const csv = [keys, ...rows].map((r) => r.join(',')).join('\n');
      await page.goto(`/workflows/${workflow.id}/batch`);
      await page.getByLabel('Spreadsheet file').setInputFiles({
        name: 'companies.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });
      await page.getByRole('button', { name: 'Send 12 rows' }).click();
      await expect(page).toHaveURL(/\/batches\//);
      await expect(page.getByText('Nothing is missing: every row is done and every result is in.')).toBeVisible({
        timeout: 180_000,
      });

      const text = readFileSync((await (await download(page, 'Download results (CSV)')).path())!, 'utf8').slice(1);
      const table = Papa.parse<string[]>(text.trimEnd(), { delimiter: ',' }).data;
      const [head, ...body] = table;
      expect(body).toHaveLength(12);
      const idColumn = head!.indexOf('execution_id');
      const fileColumns = head!.map((name, i) => ({ name, i })).slice(idColumn + 2);
      expect(fileColumns.length).toBeGreaterThan(0);
      for (const line of body) {
        // The uploaded cells come back with one quote in front of what a spreadsheet would run.
        expect(line.slice(0, keys.length)).toEqual(rows[body.indexOf(line)]!.map(neutralizeFormula));
        const detail = (await (await api.get(`workflows/${workflow.id}/executions/${line[idColumn]}`)).json()) as {
          results: ResultFileJson[];
        };
        for (const { name, i } of fileColumns) {
          const file = detail.results.find((f) => f.filename === name);
          if (file?.content === undefined || file.content.length > 32 * 1024) continue;
          // Exactly the file, or the file with one quote in front when it starts like a formula (a "- " list).
          expect([file.content, `'${file.content}`], `${name} of ${line[idColumn]}`).toContain(line[i]);
        }
      }
      for (const delimiter of [';', '\t'])
        for (const cell of Papa.parse<string[]>(text, { delimiter }).data.flat()) {
          const lead = cell.split(/[",]/)[0] ?? '';
          expect(neutralizeFormula(lead) === lead || neutralizeFormula(cell) === cell, cell.slice(0, 60)).toBe(true);
        }
    },
  );

  test(
    "a single run's zip is named by its workflow and date, not by its id",
    { tag: BOTH_MODES_TAG },
    async ({ connectedPage: page, api, readyWorkflow }) => {
      const workflow = await readyWorkflow(PROMPTS.everyFormat, 'Company brief – zip');
      const keys = Object.keys((workflow.input_schema?.properties ?? {}) as Record<string, unknown>);
      const input = Object.fromEntries(keys.map((k) => [k, /website|url/i.test(k) ? 'https://acme.com' : 'Acme']));
      const id = await runUntil(api, workflow.id, input, 'finished');
      await page.goto(`/workflows/${workflow.id}/executions/${id}`);
      const zip = await download(page, 'Download all');
      expect(zip.suggestedFilename()).toMatch(/^Company brief – zip \d{4}-\d{2}-\d{2} \d{2}\.\d{2}\.zip$/);
      expect(zip.suggestedFilename()).not.toContain(id.slice(0, 8));
    },
  );
});
