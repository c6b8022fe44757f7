import { expect, test } from './support/fixtures';

test('the workflow page says what the local service does not do', async ({ connectedPage: page, readyWorkflow }) => {
  const workflow = await readyWorkflow('Every Monday, summarize the meeting notes and post the summary to Slack');
  await page.goto(`/workflows/${workflow.id}`);
  const notes = page.getByRole('list', { name: 'Planning notes' });
  await expect(notes).toBeVisible();
  await expect(notes.getByRole('listitem')).toHaveText([
    "Runs on demand; 'Every Monday' is not scheduled by the local service.",
    'Returns its results here; Slack is not connected to the local service.',
  ]);
  // The form still asks only for what the workflow works on.
  await expect(page.getByLabel(/meeting notes/i)).toBeVisible();
});

test('a prompt the service can do in full shows no planning notes', async ({ connectedPage: page, readyWorkflow }) => {
  const workflow = await readyWorkflow('Summarize meeting notes');
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByRole('button', { name: 'Run workflow' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Planning notes' })).toHaveCount(0);
});
