import { expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { onlyWaitingRuns, runUntil, waitForStatus } from './support/runs';

test('a decision in one tab updates the other tab’s count and inbox without a reload', async ({
  connectedPage: deciding,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const {
    workflowId,
    runs: [run],
  } = await onlyWaitingRuns(api, readyWorkflow, 'Two tabs press release', ['Globex']);

  await deciding.goto(`/workflows/${workflowId}/executions/${run}`);
  await expect(deciding.getByRole('button', { name: 'Approve' })).toBeVisible();
  // The second tab of the same browser gets its key from the first, already open one.
  const watching = await deciding.context().newPage();
  await watching.goto('/approvals');
  const inbox = watching.getByRole('list', { name: 'Runs waiting for approval' });
  await expect(inbox.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await expect(watching.getByRole('link', { name: 'Approvals, 1 waiting' })).toBeVisible({ timeout: 40_000 });

  await deciding.getByRole('button', { name: 'Approve' }).click();
  await waitForStatus(api, workflowId, run, 'finished');

  // Well inside the inbox's and the count's own polling intervals.
  await expect(watching.getByText('Nothing waits for approval')).toBeVisible({ timeout: 5_000 });
  await expect(watching.getByRole('link', { name: 'Approvals', exact: true })).toBeVisible({ timeout: 5_000 });
});

test('rejecting from the inbox takes a comment, and the run then reads it and opens on the kept draft', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const {
    workflowId,
    runs: [run],
  } = await onlyWaitingRuns(api, readyWorkflow, 'Inbox reject press release', ['Initrode']);

  await page.goto('/approvals');
  const card = page.getByRole('list', { name: 'Runs waiting for approval' }).getByRole('listitem').first();
  await card.getByRole('button', { name: 'Reject…' }).click();
  const comment = card.getByLabel('Comment (optional)');
  await expect(comment).toBeFocused();
  // Cancel takes the reviewer back to both choices without deciding anything.
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await card.getByRole('button', { name: 'Reject…' }).click();
  await comment.fill('Too formal for our customers');
  await screenshotBothThemes(page, 'approvals-inbox-reject-comment');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotBothThemes(page, 'approvals-inbox-reject-comment-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(card.getByRole('status')).toContainText('Rejecting in');
  await waitForStatus(api, workflowId, run, 'error');

  await page.goto(`/workflows/${workflowId}/executions/${run}`);
  await expect(
    page.getByRole('status').filter({ hasText: /^Rejected by .+: Too formal for our customers/ }),
  ).toBeVisible();
  // The kept draft opens, not the error report the server lists with it.
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(/^draft\.md/);
});

test('an approved run opens on its final file rather than the draft', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  test.setTimeout(120_000);
  const { id: workflowId } = await readyWorkflow(PROMPTS.approval, 'Approved press release');
  const run = await runUntil(api, workflowId, { company_name: 'Vandelay' }, 'human_in_the_loop');
  const decided = await api.post(`workflows/${workflowId}/executions/${run}/approval`, { data: { approved: true } });
  expect(decided.ok(), await decided.text()).toBe(true);
  await waitForStatus(api, workflowId, run, 'finished');

  await page.goto(`/workflows/${workflowId}/executions/${run}`);
  const tabs = page.getByRole('tablist', { name: 'Result files' }).getByRole('tab');
  // The server's order stays: the draft is still the first tab, only not the open one.
  await expect(tabs.first()).toHaveAccessibleName(/^draft\.md/);
  await expect(page.getByRole('tab', { selected: true })).not.toHaveAccessibleName(/^(draft|error)\./);
});
