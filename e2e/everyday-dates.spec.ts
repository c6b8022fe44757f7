import type { Page } from '@playwright/test';
import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';

/** Fields participant_name, course_title and completion_date (a JSON Schema `date`). */
const CERTIFICATE = 'Create a printable PDF certificate for a participant name, course title and completion date';

const csvOf = (dates: readonly string[]): Buffer =>
  Buffer.from(
    `Participant name,Course title,Completion date\n${dates.map((d, i) => `Person ${i + 1},Course ${i + 1},"${d}"`).join('\n')}\n`,
  );

/** The inputs the page sends, one run or a batch at a time, read as the requests go out. */
async function sentInputs(page: Page): Promise<Record<string, unknown>[]> {
  const inputs: Record<string, unknown>[] = [];
  await page.route(/\/(executions(\/batch)?|batches\/[^/]+\/runs)$/, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const body = JSON.parse(request.postDataBuffer()?.toString('utf8') ?? '{}') as {
        items?: Record<string, unknown>[];
      };
      const shared = request.url().includes('/batches/');
      inputs.push(...(body.items ?? []).map((item) => (shared ? (item.input as Record<string, unknown>) : item)));
    }
    await route.continue();
  });
  return inputs;
}

async function upload(page: Page, workflowId: string, buffer: Buffer) {
  await page.addInitScript(() => localStorage.setItem('wf.requestBudget', '10000'));
  await page.goto(`/workflows/${workflowId}/batch`);
  await page.getByLabel('Spreadsheet file').setInputFiles({ name: 'certificates.csv', mimeType: 'text/csv', buffer });
}

const pad = (n: number) => String(n).padStart(2, '0');

test.describe('everyday dates in spreadsheets', { tag: BOTH_MODES_TAG }, () => {
  test('40 dates written 13/04/2026 are read day first, said so, and sent as YYYY-MM-DD', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    test.setTimeout(120_000);
    const workflow = await readyWorkflow(CERTIFICATE);
    const sent = await sentInputs(page);
    // Days 1 to 28 of April, then 1 to 12 of May: the 13th and later settle the order for the column.
    const dates = Array.from({ length: 40 }, (_, i) => (i < 28 ? `${pad(i + 1)}/04/2026` : `${pad(i - 27)}/05/2026`));
    await upload(page, workflow.id, csvOf(dates));

    await expect(page.getByText('40 valid')).toBeVisible();
    await expect(page.getByText('Read 40 dates in “Completion date” as day/month/year.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Day first' })).toBeChecked();
    await screenshotBothThemes(page, 'everyday-dates-day-first');

    await page.getByRole('button', { name: 'Send 40 rows' }).click();
    await expect(page).toHaveURL(/\/batches\//);
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(40);
    const byName = new Map(sent.map((input) => [input.participant_name, input.completion_date]));
    expect(byName.get('Person 13')).toBe('2026-04-13');
    expect(byName.get('Person 40')).toBe('2026-05-12');
  });

  test('when every date reads both ways it asks once, showing both readings of one row', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    const workflow = await readyWorkflow(CERTIFICATE);
    await upload(page, workflow.id, csvOf(['04/05/2026', '03/02/2026', '11/12/2026']));

    await expect(
      page.getByText('Every date in this column reads both ways. Is 04/05/2026 4 May 2026, or April 5, 2026?'),
    ).toBeVisible();
    await expect(page.getByText('0 valid')).toBeVisible();
    await screenshotBothThemes(page, 'everyday-dates-ask');
    await page.getByRole('radio', { name: /Month first: 04\/05\/2026 is April 5, 2026/ }).check();
    await expect(page.getByText('3 valid')).toBeVisible();
    await expect(page.getByText('Read 3 dates in “Completion date” as month/day/year.')).toBeVisible();
  });

  test('month names and Excel serial numbers are read as dates', async ({ connectedPage: page, readyWorkflow }) => {
    const workflow = await readyWorkflow(CERTIFICATE);
    await upload(page, workflow.id, csvOf(['April 13, 2026', '13 Apr 2026', '46125', '13.04.2026']));
    await expect(page.getByText('4 valid')).toBeVisible();
    await expect(page.getByText('0 invalid', { exact: true })).toBeVisible();
  });

  test('when matched columns fail on a type, the advice names the field, the type and one bad value', async ({
    connectedPage: page,
    readyWorkflow,
  }) => {
    const workflow = await readyWorkflow(CERTIFICATE);
    await upload(page, workflow.id, csvOf(['next week', 'soon', 'later']));

    const advice = page.getByText(/^The columns are matched, but every row fails on/);
    await expect(advice).toBeVisible();
    await expect(advice).toContainText('which takes a date as YYYY-MM-DD. Row 1 has “next week”');
    await expect(page.getByText('the columns probably need matching')).toHaveCount(0);
    await screenshotBothThemes(page, 'everyday-dates-advice');
  });
});
