import { BOTH_MODES_TAG, expect, expectNoSeriousA11yViolations, screenshotBothThemes, test } from './support/fixtures';
import { runUntil, startRun } from './support/runs';

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

test('rename a workflow and edit its description, with errors next to the field', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow('Summarize meeting notes', unique('Notes'));
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByRole('group', { name: 'Workflow actions' }).getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename workflow' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue(workflow.name);
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Give the workflow a name.');
  await expectNoSeriousA11yViolations(page, 'the rename dialog');

  const newName = unique('Weekly Notes Digest');
  await name.fill(newName);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('The week in three paragraphs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
  await expect(page.getByText('The week in three paragraphs')).toBeVisible();
  // The server holds it: a reload shows the new name.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newName);
});

test('edit the prompt and re-plan in place: planning as on create, then the new form, runs kept', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow('Summarize meeting notes');
  const input = Object.fromEntries(Object.keys(workflow.input_schema?.properties ?? {}).map((key) => [key, 'Notes']));
  // Re-planning waits until no run is left to run under the old plan.
  const runId = await runUntil(api, workflow.id, input, 'finished');

  await page.goto(`/workflows/${workflow.id}`);
  await page.getByRole('button', { name: 'Edit prompt and re-plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit prompt and re-plan' });
  const prompt = dialog.getByRole('textbox', { name: 'Prompt' });
  await expect(prompt).toHaveValue('Summarize meeting notes');
  await prompt.fill('Enrich a lead from its email address and company website');
  await dialog.getByRole('button', { name: 'Re-plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Planning…' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Planning…' })).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lead Enrichment');
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByLabel('Company website')).toBeVisible();

  // The run from before re-planning is kept.
  const runs = (await (await api.get(`workflows/${workflow.id}/executions`)).json()) as { data: { id: string }[] };
  expect(runs.data.map((r) => r.id)).toEqual([runId]);
});

test('delete a workflow and its runs after typing its name, and land on the list without it', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  const name = unique('Invoice Summary');
  const workflow = await readyWorkflow('Summarize meeting notes', name);
  const input = Object.fromEntries(Object.keys(workflow.input_schema?.properties ?? {}).map((key) => [key, 'Notes']));
  await startRun(api, workflow.id, input);
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete '${name}' and its 1 run?` });
  const confirm = dialog.getByRole('button', { name: 'Delete workflow' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: "Type the workflow's name to confirm" }).fill(name);
  await expectNoSeriousA11yViolations(page, 'the delete dialog');
  await screenshotBothThemes(page, 'workflow-delete-dialog');
  await confirm.click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  expect((await api.get(`workflows/${workflow.id}`)).status()).toBe(404);
  expect((await api.get(`workflows/${workflow.id}/executions`)).status()).toBe(404);
});

test(
  'the workflow page offers rename, re-plan and delete only where the server has them',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow, strictV1 }) => {
    const workflow = await readyWorkflow('Summarize meeting notes');
    const probe = page.waitForResponse((response) => response.url().endsWith('/openapi.json'));
    await page.goto(`/workflows/${workflow.id}`);
    await probe;
    await expect(page.getByRole('button', { name: 'Run workflow' })).toBeVisible();
    const actions = page.getByRole('group', { name: 'Workflow actions' });
    if (strictV1) {
      await expect(actions).toHaveCount(0);
      for (const label of ['Rename', 'Edit prompt and re-plan', 'Delete'])
        await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
    } else {
      await expect(actions.getByRole('button')).toHaveText(['Rename', 'Edit prompt and re-plan', 'Delete']);
    }
  },
);
