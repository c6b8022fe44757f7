import type { APIRequestContext } from '@playwright/test';
import { BOTH_MODES_TAG, expect, expectNoSeriousA11yViolations, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { rejectRunsAlreadyWaiting, runUntil } from './support/runs';

const startWaitingRun = (api: APIRequestContext, workflowId: string, company: string) =>
  runUntil(api, workflowId, { company_name: company }, 'human_in_the_loop');

test(
  'the inbox lists every waiting run across workflows, with drafts, undo and bulk approval',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow, strictV1 }) => {
    test.setTimeout(150_000);
    if (!strictV1) await rejectRunsAlreadyWaiting(api);
    const press = await readyWorkflow(PROMPTS.approval, 'Press release');
    const other = await readyWorkflow(PROMPTS.approval, 'Second press release');
    const a = await startWaitingRun(api, press.id, 'Initech');
    const b = await startWaitingRun(api, press.id, 'Umbrella');
    const c = await startWaitingRun(api, other.id, 'Hooli');

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/')) requests.push(r.url());
    });
    await page.goto('/approvals');
    const inbox = page.getByRole('list', { name: 'Runs waiting for approval' });
    const cards = inbox.getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.filter({ hasText: 'Second press release' })).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: '3 runs waiting' })).toBeVisible();

    if (strictV1) {
      // Within the budget: the contract probe, the workflows list and each workflow's newest page, once.
      const listed = (await (await api.get('workflows?limit=100')).json()) as { data: unknown[] };
      expect(requests.length).toBeLessThanOrEqual(listed.data.length + 2);
      // No approval extension: the inbox still finds every waiting run, and says where to decide.
      await expect(cards.first()).toContainText('no way to approve from the dashboard');
      await screenshotBothThemes(page, 'approvals-inbox');
      return;
    }

    await expect(page.getByRole('link', { name: 'Approvals, 3 waiting' })).toBeVisible({ timeout: 40_000 });
    // The local service keeps the draft in results while the run waits.
    const first = cards.filter({ hasText: a.slice(0, 8) });
    await expect(first.getByLabel(/^Draft /).first()).toContainText(/Initech/);
    await expectNoSeriousA11yViolations(page, 'the approvals inbox');
    await screenshotBothThemes(page, 'approvals-inbox');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshotBothThemes(page, 'approvals-inbox-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A slip can be undone: nothing is sent until the few seconds pass.
    await first.getByRole('button', { name: 'Reject…' }).click();
    await first.getByLabel('Comment (optional)').fill('Not this one');
    await first.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(first.getByRole('status')).toContainText('Rejecting in');
    await first.getByRole('button', { name: 'Undo' }).click();
    await expect(first.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.waitForTimeout(6_000);
    const detail = await (await api.get(`workflows/${press.id}/executions/${a}`)).json();
    expect((detail as { status: string }).status).toBe('human_in_the_loop');

    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: 'Approve selected (3)' }).click();
    await expect(cards).toHaveCount(0, { timeout: 20_000 });
    for (const [workflowId, id] of [
      [press.id, a],
      [press.id, b],
      [other.id, c],
    ] as const) {
      await expect
        .poll(
          async () =>
            ((await (await api.get(`workflows/${workflowId}/executions/${id}`)).json()) as { status: string }).status,
        )
        .not.toBe('human_in_the_loop');
    }
    await expect(page.getByText('Nothing waits for approval')).toBeVisible();
  },
);
