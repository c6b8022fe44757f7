import type { Page } from '@playwright/test';
import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { onlyWaitingRuns, runUntil } from './support/runs';

/** Light and dark, at the desktop width and a phone's. */
async function screenshotWidths(page: Page, name: string): Promise<void> {
  await screenshotBothThemes(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotBothThemes(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const approvalsLink = (page: Page, waiting: number) =>
  page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: `Approvals, ${waiting} waiting` });

test('approving on a run’s own page updates the header’s count, the runs list and the inbox without a reload', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const {
    runs: [approved, other],
  } = await onlyWaitingRuns(api, readyWorkflow, 'Decisions press release', ['Initech', 'Umbrella']);

  await page.goto('/runs');
  await expect(approvalsLink(page, 2)).toBeVisible({ timeout: 20_000 });
  const row = page.getByRole('link', { name: new RegExp(approved.slice(0, 8)) });
  await expect(row).toContainText('Waiting for approval');
  await row.click();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  // The decision goes out after its undo window (5 s); the count follows at once, not at its next
  // half-minute read.
  await expect(approvalsLink(page, 1)).toBeVisible({ timeout: 10_000 });

  await page.goBack();
  await expect(page.getByRole('link', { name: new RegExp(approved.slice(0, 8)) })).not.toContainText(
    'Waiting for approval',
    { timeout: 5_000 },
  );
  await approvalsLink(page, 1).click();
  const cards = page.getByRole('list', { name: 'Runs waiting for approval' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(other.slice(0, 8));
});

test('rejecting on a run’s page shows it rejected, by whom and why, with its draft where the server keeps it', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const workflow = await readyWorkflow(PROMPTS.approval, 'Rejected press release');
  const id = await runUntil(api, workflow.id, { company_name: 'Globex' }, 'human_in_the_loop');
  await page.goto(`/workflows/${workflow.id}/executions/${id}`);
  await expect(page.getByText('Rejecting it stops the run here.')).toBeVisible();
  await page.getByLabel(/comment/i).fill('Too formal for the launch');
  await page.getByRole('button', { name: 'Reject' }).click();

  const said = page.getByRole('status').filter({ hasText: /^Rejected by .+: Too formal for the launch/ });
  await expect(said).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('This run failed')).toHaveCount(0);

  // The draft the reviewer read stays, where the server returns it with the rejected run.
  const detail = (await (await api.get(`workflows/${workflow.id}/executions/${id}`)).json()) as {
    status: string;
    results: { filename: string }[] | null;
  };
  expect(detail.status).toBe('error');
  const drafts = (detail.results ?? []).filter((f) => !/error/i.test(f.filename));
  for (const draft of drafts) await expect(page.getByText(draft.filename).first()).toBeVisible();
  if (drafts.length > 0) await expect(said).toContainText('What it had made is kept below');
  await screenshotWidths(page, 'run-rejected');

  // The workflow's runs say the same.
  await page.getByRole('link', { name: 'All runs' }).click();
  await expect(page.getByRole('link', { name: new RegExp(id) })).toContainText('Rejected');
  await expect(page.getByRole('link', { name: new RegExp(id) })).toContainText('Too formal for the launch');
});

test(
  'a run’s input reads as a labelled list with the workflow’s titles, the raw JSON behind a toggle',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow }) => {
    test.setTimeout(90_000);
    const workflow = await readyWorkflow(PROMPTS.everyFormat, 'Labelled input brief');
    const props = (workflow.input_schema?.properties ?? {}) as Record<string, { title?: string }>;
    const websiteKey = Object.keys(props).find((k) => /website/i.test(k))!;
    const nameKey = Object.keys(props).find((k) => /name/i.test(k))!;
    await page.goto(`/workflows/${workflow.id}`);
    await page.getByLabel(/company name/i).fill('Hooli');
    await page.getByLabel(/website/i).fill('https://hooli.test');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);

    const input = page.getByLabel('Submitted input');
    const label = (key: string) => props[key]?.title ?? new RegExp(key.replace(/_/g, ' '), 'i');
    await expect(input.getByRole('term').filter({ hasText: label(nameKey) })).toBeVisible();
    await expect(input.getByRole('term').filter({ hasText: label(websiteKey) })).toBeVisible();
    await expect(input).not.toContainText(`${websiteKey}`);
    await expect(input.getByRole('link', { name: /hooli\.test/ })).toHaveAttribute('href', 'https://hooli.test/');

    await page.getByRole('button', { name: 'Show raw JSON' }).click();
    await expect(page.getByLabel('Raw input (JSON)')).toContainText(`"${websiteKey}": "https://hooli.test"`);
    await page.getByRole('button', { name: 'Hide raw JSON' }).click();
    await expect(page.getByLabel('Raw input (JSON)')).toHaveCount(0);

    await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    await screenshotWidths(page, 'run-finished');

    // The runs list names the input's fields the same way.
    await page.getByRole('link', { name: 'All runs' }).click();
    const row = page.getByRole('list', { name: 'Runs' }).getByRole('listitem').first();
    await expect(row).toContainText(/company name: Hooli/i);
    await expect(row).not.toContainText(`${nameKey}:`);
  },
);
