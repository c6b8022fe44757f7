import type { Page } from '@playwright/test';
import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

/** Light and dark captures at 1280 and 375 px wide, for people to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshotBothThemes(page, name);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotBothThemes(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test(
  'two keys of one account: one starts a run, the other approves it, and the pages say who did what',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, playwright, baseURL, readyWorkflow, strictV1 }) => {
    test.setTimeout(120_000);

    if (strictV1) {
      // No keys, no activity, no server filters: no actor line, and the workflow filter still works.
      const workflow = await readyWorkflow(PROMPTS.noInput, 'Quote of the day (who did what)');
      const id = await runUntil(api, workflow.id, {}, 'finished');
      await page.goto(`/workflows/${workflow.id}/executions/${id}`);
      await expect(page.getByRole('heading', { name: 'Run' })).toBeVisible();
      await expect(page.getByText(/Started by/)).toHaveCount(0);
      await page.goto('/runs');
      await expect(page.getByLabel('Started by', { exact: true })).toHaveCount(0);
      await page.getByLabel('Workflow', { exact: true }).selectOption({ label: workflow.name });
      await expect(page).toHaveURL(new RegExp(`workflow=${workflow.id}`));
      const runs = page.getByRole('list', { name: 'Runs' }).getByRole('link');
      await expect(runs.filter({ hasText: id.slice(0, 8) })).toHaveCount(1);
      await expect(runs.filter({ hasNotText: workflow.name })).toHaveCount(0);
      await shoot(page, 'who-did-what-runs');
      return;
    }

    // A colleague's key on the same account, made as the settings page makes it.
    const stamp = Date.now().toString(36);
    const colleague = `Ben’s laptop ${stamp}`;
    const created = await api.post('keys', { data: { name: colleague } });
    expect(created.status(), await created.text()).toBe(201);
    const ben = (await created.json()) as { id: string; key: string };
    const keys = (await (await api.get('keys')).json()) as { data: { name: string; current: boolean }[] };
    const me = keys.data.find((k) => k.current)!.name;
    const benApi = await playwright.request.newContext({
      baseURL: `${baseURL}/api/v1/`,
      extraHTTPHeaders: { 'x-api-key': ben.key },
    });

    const workflow = await readyWorkflow(PROMPTS.approval, `Press release (who did what ${stamp})`);
    const id = await runUntil(benApi, workflow.id, { company_name: 'Initech' }, 'human_in_the_loop');
    await benApi.dispose();

    // The inbox says who started the waiting run.
    await page.goto('/approvals');
    const card = page
      .getByRole('list', { name: 'Runs waiting for approval' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: id.slice(0, 8) }) });
    await expect(card).toContainText(`started by ${colleague}`);

    // This browser's key approves it on the run page.
    await page.goto(`/workflows/${workflow.id}/executions/${id}`);
    const who = page.getByRole('list', { name: 'Who did what' });
    await expect(who).toContainText(`Started by ${colleague}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(who).toContainText(`Approved by ${me}`, { timeout: 30_000 });
    await expect(who).toContainText(`Started by ${colleague}`);
    await shoot(page, 'who-did-what-run');

    // The runs page, filtered by who started, lists the run; the filter is in the URL.
    await page.goto('/runs');
    await page.getByLabel('Started by', { exact: true }).selectOption({ label: colleague });
    await expect(page).toHaveURL(new RegExp(`by=${ben.id}`));
    const runs = page.getByRole('list', { name: 'Runs' }).getByRole('link');
    await expect(runs.filter({ hasText: id.slice(0, 8) })).toHaveCount(1);
    await expect(runs).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Started by', { exact: true })).toHaveValue(ben.id);
    await expect(runs.filter({ hasText: id.slice(0, 8) })).toHaveCount(1);
    await shoot(page, 'who-did-what-runs');
  },
);
