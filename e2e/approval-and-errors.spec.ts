import { expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';

test('an execution waiting for approval continues when approved', async ({ connectedPage: page, readyWorkflow }) => {
  test.setTimeout(90_000);
  const workflow = await readyWorkflow(PROMPTS.approval);
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByLabel(/company name/i).fill('Initech');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible({ timeout: 60_000 });
  // The workflow's own steps where the server lists them, else the lifecycle.
  await expect(page.getByRole('list', { name: /^(Progress|Steps)$/ }).locator('[aria-current="step"]')).toContainText(
    /Waiting for approval|waiting for a reviewer/i,
  );
  await screenshotBothThemes(page, 'execution-waiting-for-approval');
  await page.getByLabel(/comment/i).fill('Looks good');
  await page.getByRole('button', { name: 'Approve' }).click();
  // Sent only after the undo window, which the panel announces.
  await expect(page.getByRole('status').filter({ hasText: 'Approving in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toHaveCount(0);
});

test('a rejected approval ends the run as rejected, not failed', async ({ connectedPage: page, readyWorkflow }) => {
  test.setTimeout(90_000);
  const workflow = await readyWorkflow(PROMPTS.approval);
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByLabel(/company name/i).fill('Umbrella');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await page.getByRole('button', { name: 'Reject' }).click({ timeout: 60_000 });
  // Undo within the window: nothing is sent and the run still waits.
  await expect(page.getByRole('status').filter({ hasText: 'Rejecting in' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await page.waitForTimeout(6_000);
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Rejected by / })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('This run failed')).toHaveCount(0);
});

test('an execution that fails shows its error and the executions list can filter to it', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  test.setTimeout(90_000);
  const workflow = await readyWorkflow(PROMPTS.guarded);
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByLabel(/customer name/i).fill('Hooli');
  await page.getByLabel(/amount/i).fill('-5');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'This run failed' });
  await expect(failure).toBeVisible({ timeout: 60_000 });
  await expect(failure).toContainText(/amount/i);
  await expect(page.getByRole('list', { name: /^(Progress|Steps)$/ })).toContainText(/error|failed/i);
  await screenshotBothThemes(page, 'execution-error');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshotBothThemes(page, 'execution-error-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same input would fail again: editing it comes first, running it unchanged second.
  const actions = page.getByRole('link', { name: 'Edit and run' }).locator('..');
  await expect(actions.locator('a, button').first()).toHaveText('Edit and run');
  await page.getByRole('button', { name: 'Run again', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This run failed' })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('link', { name: 'Executions', exact: true }).click();
  await expect(page.getByRole('link', { name: /Error/ })).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('finished');
  await expect(page).toHaveURL(/status=finished/);
  await expect(page.getByText('No run matches these filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('error');
  await expect(page.getByRole('link', { name: /Error/ })).toHaveCount(2);
  await screenshotBothThemes(page, 'executions-list');
});
