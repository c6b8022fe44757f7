import { BOTH_MODES_TAG, expect, screenshotBothThemes, test } from './support/fixtures';
import { waitForStatus } from './support/runs';

const SALES_INTRO =
  "Given a company's website URL and a contact's email, write a short sales intro email and a one-paragraph company summary";
const NOT_PRODUCED = /Does not write the one-paragraph company summary/;

test(
  'a sales intro prompt gives an email draft, and says before the first run that it will not write the company summary',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, strictV1 }) => {
    test.setTimeout(120_000);
    await page.goto('/workflows/new');
    // What the service does is said up front where the server is known to be the local one.
    const scope = page.getByText('It plans by rules, not with an AI model.', { exact: false });
    if (strictV1) await expect(scope).toHaveCount(0);
    else await expect(scope).toBeVisible();
    await screenshotBothThemes(page, 'honest-results-create');

    await page.getByLabel('What should it do?').fill(SALES_INTRO);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
    const workflowId = page.url().split('/').at(-1)!;

    const website = page.getByLabel(/website/i);
    await expect(website).toBeVisible({ timeout: 30_000 });
    const notes = page.getByRole('list', { name: 'Planning notes' });
    if (strictV1) await expect(notes).toHaveCount(0);
    else await expect(notes.getByRole('listitem')).toContainText([NOT_PRODUCED]);
    await expect(
      page.getByText(
        /^Takes the company website URL and contact email and returns a draft of the short sales intro email/,
      ),
    ).toBeVisible();
    await screenshotBothThemes(page, 'honest-results-workflow');

    await website.fill('https://www.acme-robotics.com');
    await page.getByLabel(/email/i).fill('jordan.miles@acme-robotics.com');
    await page.getByRole('button', { name: 'Run workflow' }).click();
    await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
    const executionId = page.url().split('/').at(-1)!;
    await waitForStatus(api, workflowId, executionId, 'finished');

    await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('A quick introduction for Acme Robotics').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Hi Jordan,').first()).toBeVisible();
    await expect(page.getByText(NOT_PRODUCED).first()).toBeVisible();
    await screenshotBothThemes(page, 'honest-results-run');

    // The result file itself says what it leaves out, in its first lines, whatever the server shows.
    const detail = (await (await api.get(`workflows/${workflowId}/executions/${executionId}`)).json()) as {
      results: { filename: string; url: string; content?: string }[];
    };
    const draft = detail.results.find((file) => file.filename.endsWith('.md'));
    expect(draft, JSON.stringify(detail.results)).toBeDefined();
    const text = draft!.content ?? (await (await page.request.get(draft!.url)).text());
    const firstLines = text.split('\n').slice(0, 3).join('\n');
    expect(firstLines).toMatch(NOT_PRODUCED);
    expect(text).toContain('**Subject:** A quick introduction for Acme Robotics');
  },
);
