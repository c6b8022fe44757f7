import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';

const NOTES = [
  'Weekly sync, 13 April',
  'Attendees: Sam, Priya, Jo',
  '- Sam will send the budget to finance by Friday',
  '- Priya to book the venue before 20 April',
  '',
  'Next meeting on Monday.',
].join('\n');

test(
  'meeting notes get a multi-line box that grows, and their line breaks reach the run’s input',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow, api, strictV1 }) => {
    test.setTimeout(90_000);
    const workflow = await readyWorkflow(
      'Summarize meeting notes into a digest and extract emails, dates and action items',
      'Notes to action items',
    );
    const props = (workflow.input_schema?.properties ?? {}) as Record<string, unknown>;
    const notesKey = Object.keys(props).find((k) => /notes/i.test(k))!;
    expect(notesKey, JSON.stringify(workflow.input_schema)).toBeTruthy();

    await page.goto(`/workflows/${workflow.id}`);
    const notes = page.getByLabel(/notes/i).first();
    await expect(notes).toBeVisible();
    await expect(notes).toHaveJSProperty('tagName', 'TEXTAREA');
    const emptyHeight = (await notes.boundingBox())!.height;

    // Enter is a line break here, never a submit.
    await notes.click();
    for (const [i, line] of NOTES.split('\n').entries()) {
      if (i > 0) await page.keyboard.press('Enter');
      await page.keyboard.type(line);
    }
    await expect(notes).toHaveValue(NOTES);
    await expect(page).toHaveURL(new RegExp(`/workflows/${workflow.id}$`));
    expect((await notes.boundingBox())!.height).toBeGreaterThan(emptyHeight);
    await screenshotBothThemes(page, 'run-form-free-text');

    await page.getByRole('button', { name: 'Run workflow' }).click();
    await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Show raw JSON' }).click();
    await expect(page.getByLabel('Raw input (JSON)')).toContainText(JSON.stringify(NOTES).slice(1, 60));
    if (!strictV1) {
      // The local service keeps the input it ran with: the line breaks are in it.
      const executionId = page.url().split('/').pop()!;
      const kept = await api.get(`workflows/${workflow.id}/executions/${executionId}/input`);
      expect(kept.status()).toBe(200);
      expect(((await kept.json()) as { input: Record<string, unknown> }).input[notesKey]).toBe(NOTES);
    }
  },
);
