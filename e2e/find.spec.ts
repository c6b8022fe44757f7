import type { Page } from '@playwright/test';
import { BOTH_MODES_TAG, expect, expectNoSeriousA11yViolations, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

const findDialog = (page: Page) => page.getByRole('dialog', { name: 'Find a run or workflow' });

/** Opens Find with Ctrl+K and types `text` into it, as a person would. */
async function find(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  const dialog = findDialog(page);
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox', { name: 'Name, id or link' });
  await box.fill(text);
  return { dialog, box, options: dialog.getByRole('listbox', { name: 'Matches' }).getByRole('option') };
}

test(
  'Find takes the short id a runs list shows, a misspelt workflow name, a pasted link, and says when nothing matches',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow, baseURL }) => {
    test.setTimeout(120_000);
    const digest = await readyWorkflow(PROMPTS.noInput, 'Harbour Lights Digest');
    const weekly = await readyWorkflow(PROMPTS.noInput, 'Harbour Lights Weekly');
    const runId = await runUntil(api, digest.id, {}, 'finished');
    const runUrl = new RegExp(`/workflows/${digest.id}/executions/${runId}$`);

    // Copy the id the runs list shows for the run.
    await page.goto('/runs');
    const row = page
      .getByRole('list', { name: 'Runs' })
      .getByRole('listitem')
      .filter({ hasText: 'Harbour Lights Digest' });
    const shortId = (await row.getByText(/^[0-9a-f]{8}$/).textContent())!;
    expect(runId.startsWith(shortId)).toBe(true);

    // The list on screen already holds the run: its short id opens it at once, no Enter needed.
    let { dialog, options } = await find(page, shortId);
    await expect(page).toHaveURL(runUrl);
    await expect(dialog).toBeHidden();

    // A fresh page knows no runs: typed as a person types, the id is looked up on the server once
    // typing pauses (not once per key), and its single match opens at once.
    await page.goto('/settings');
    let asked = 0;
    const countApi = (r: { url(): string }) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/')) asked += 1;
    };
    page.on('request', countApi);
    await page.keyboard.press('Control+K');
    await findDialog(page)
      .getByRole('combobox', { name: 'Name, id or link' })
      .pressSequentially(shortId, { delay: 60 });
    await expect(page).toHaveURL(runUrl);
    page.off('request', countApi);
    // One look (20 requests at most) and the run page's own reads, not a look per keystroke.
    expect(asked, 'requests while typing the id and opening its run').toBeLessThanOrEqual(30);

    // A misspelt part of a name lists both workflows; the arrow keys choose, Enter opens.
    const named = await find(page, 'harbor lihgts');
    const box = named.box;
    ({ dialog, options } = named);
    await expect(options.filter({ hasText: 'Harbour Lights Digest' })).toHaveCount(1);
    await expect(options.filter({ hasText: 'Harbour Lights Weekly' })).toHaveCount(1);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousA11yViolations(page, 'Find with candidates');
    await screenshotBothThemes(page, 'find-candidates');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshotBothThemes(page, 'find-candidates-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('ArrowDown');
    const second = options.nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    const chosen = (await second.textContent())!.includes('Weekly') ? weekly : digest;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workflows/${chosen.id}$`));

    // A pasted link opens what it names: the API's address of the run, and the dashboard's.
    await find(page, `${baseURL}/api/v1/workflows/${digest.id}/executions/${runId}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(runUrl);
    await page.goto('/workflows');
    // Pasted without Enter: it opens by itself.
    ({ dialog } = await find(page, `${baseURL}/workflows/${weekly.id}/executions`));
    await expect(page).toHaveURL(new RegExp(`/workflows/${weekly.id}`));
    await expect(dialog).toBeHidden();

    // Nothing matches: said plainly, for a name and for the start of an id.
    ({ dialog } = await find(page, 'zebra crossing'));
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(
      'No workflow name is like “zebra crossing”. To find a run, use its id as the runs list shows it, or its link.',
    );
    // An id nothing has: said as it is typed, without Enter.
    await dialog.getByRole('combobox').fill('0ddba11c');
    await expect(dialog.getByRole('alert')).toContainText('Nothing matches “0ddba11c”');
    // In a long suite the account may hold more runs than one look reads; then it says so.
    await expect(dialog.getByRole('status')).toHaveText(
      /^Looked (through all [\d,]+ runs|at the only run)\.$|^Looked through the [\d,]+ newest runs; older runs were not searched\./,
    );
  },
);
