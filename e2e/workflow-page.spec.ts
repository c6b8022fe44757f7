import type { Locator, Page } from '@playwright/test';
import { BOTH_MODES_TAG, expect, expectNoSeriousA11yViolations, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';
import { runUntil } from './support/runs';

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;
const PHONE = { width: 375, height: 812 };

const top = async (locator: Locator) => (await locator.boundingBox())!.y;
const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

test('the Schema tab lists each field in everyday words, with the raw schema behind a toggle', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(PROMPTS.form);
  await page.goto(`/workflows/${workflow.id}/schema`);
  const fields = page.getByRole('list', { name: 'Input fields' });
  await expect(fields.getByRole('listitem')).toHaveCount(4);
  const website = fields.getByRole('listitem', { name: 'Website' });
  await expect(website).toContainText('website');
  await expect(website).toContainText('Required');
  // The kind says it in words; the raw format (uri) is in the raw schema only.
  await expect(website).not.toContainText('uri');
  await expect(fields.getByRole('listitem', { name: 'Contact email' })).toContainText('email address');
  await expect(fields.getByRole('listitem', { name: 'Contact email' })).toContainText('contact_email');
  await expect(fields.getByRole('listitem', { name: 'Tone' })).toContainText('one of formal or casual');
  await expect(fields.getByRole('listitem', { name: 'Company name' })).toContainText('up to 500 characters');

  const raw = page.getByLabel('Input schema JSON');
  await expect(raw).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Show raw schema' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(raw).toBeVisible();
  await expect(raw).toContainText('"format": "uri"');
  await expect(page.getByRole('button', { name: 'Hide raw schema' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page, 'the schema field list');
  await screenshotBothThemes(page, 'workflow-schema');
  await page.getByRole('button', { name: 'Hide raw schema' }).click();
  await expect(raw).toHaveCount(0);

  await page.setViewportSize(PHONE);
  await screenshotBothThemes(page, 'workflow-schema-phone');
});

test('the request snippets stay closed under "Run it from code" until asked for', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(PROMPTS.form);
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByRole('button', { name: 'Run workflow' })).toBeVisible();
  const disclosure = page.getByRole('button', { name: /Run it from code/ });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('curl request')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Copy as curl' })).toBeHidden();
  await screenshotBothThemes(page, 'workflow-run');

  await page.getByLabel(/company name/i).fill('Globex');
  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('curl request')).toBeVisible();
  await expect(page.getByLabel('curl request')).toContainText('"company_name":"Globex"');
  await expectNoSeriousA11yViolations(page, 'the open request snippets');

  await page.setViewportSize(PHONE);
  await disclosure.click();
  await screenshotBothThemes(page, 'workflow-run-phone');
});

test(
  "a workflow's runs come first, and its health charts wait closed below them",
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow }) => {
    const workflow = await readyWorkflow(PROMPTS.form);
    const input = { company_name: 'Acme', website: 'https://acme.test', contact_email: 'a@acme.test', tone: 'formal' };
    await runUntil(api, workflow.id, input, 'finished');
    await page.goto(`/workflows/${workflow.id}/executions`);
    const run = page.getByRole('link', { name: /Finished/ }).first();
    await expect(run).toBeVisible();
    const charts = page.getByRole('button', { name: /Health charts/ });
    await expect(charts).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Health charts' })).toHaveCount(0);
    expect(await top(run)).toBeLessThan(await top(charts));
    await screenshotBothThemes(page, 'workflow-runs');

    await charts.click();
    const region = page.getByRole('region', { name: 'Health charts' });
    await expect(region.getByText('Success rate')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the open health charts');

    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(page.getByRole('link', { name: /Finished/ }).first()).toBeInViewport();
    await screenshotBothThemes(page, 'workflow-runs-phone');
  },
);

async function openPhoneMenu(page: Page) {
  const menu = page.getByRole('button', { name: 'Workflow actions' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  return page.getByRole('group', { name: 'Workflow actions' });
}

test(
  'on a phone the workflow header stays short, with rename, re-plan and delete in a menu',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, readyWorkflow, strictV1 }) => {
    const workflow = await readyWorkflow(
      'Every Monday, summarize the meeting notes and post the summary to Slack',
      unique('Weekly Notes'),
    );
    await page.setViewportSize(PHONE);
    const probe = page.waitForResponse((response) => response.url().endsWith('/openapi.json'));
    await page.goto(`/workflows/${workflow.id}`);
    await probe;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(workflow.name);
    // The tab's own content starts on the first screen.
    await expect(page.getByLabel(/meeting notes/i)).toBeInViewport();
    // The id and the dates wait behind "Details".
    const id = page.getByTitle('Workflow id');
    await expect(id).toBeHidden();
    await page.getByText('Details', { exact: true }).click();
    await expect(id).toHaveText(workflow.id);
    await expect(id).toBeVisible();

    if (strictV1) {
      await expect(page.getByRole('button', { name: 'Workflow actions' })).toHaveCount(0);
      await screenshotBothThemes(page, 'workflow-header-phone');
      return;
    }
    // Planning notes fold to one line that opens to them.
    await expect(page.getByRole('list', { name: 'Planning notes' })).toBeHidden();
    await page.getByText('2 planning notes: what it does not do').click();
    await expect(page.getByRole('list', { name: 'Planning notes' })).toBeVisible();

    const actions = await openPhoneMenu(page);
    await expect(actions.getByRole('button')).toHaveText(['Rename', 'Edit prompt and re-plan', 'Delete']);
    await expectNoSeriousA11yViolations(page, 'the phone actions menu');
    await screenshotBothThemes(page, 'workflow-header-phone');
    await page.keyboard.press('Escape');
    await expect(actions).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Workflow actions' })).toBeFocused();

    await (await openPhoneMenu(page)).getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('dialog', { name: 'Rename workflow' })).toBeVisible();
  },
);

test('Delete is a quiet button; the confirmation takes the name whatever its dashes, case or spacing', async ({
  connectedPage: page,
  api,
  readyWorkflow,
}) => {
  const name = unique('Lead – Notes');
  const workflow = await readyWorkflow('Summarize meeting notes', name);
  await page.goto(`/workflows/${workflow.id}`);
  const actions = page.getByRole('group', { name: 'Workflow actions' });
  const remove = actions.getByRole('button', { name: 'Delete' });
  // Quiet: drawn like its neighbours, not filled red.
  expect(await background(remove)).toBe(await background(actions.getByRole('button', { name: 'Rename' })));
  await remove.click();

  const dialog = page.getByRole('dialog', { name: `Delete '${name}'?` });
  const confirm = dialog.getByRole('button', { name: 'Delete workflow' });
  expect(await background(confirm)).not.toBe(await background(dialog.getByRole('button', { name: 'Cancel' })));
  const typed = dialog.getByRole('textbox', { name: "Type the workflow's name to confirm" });
  await expect(typed).toHaveAccessibleDescription('Capitals, spaces and the kind of dash do not matter.');
  await typed.fill('lead - notes');
  await expect(confirm).toBeDisabled();
  await typed.fill(`  ${name.replace('–', '-').toUpperCase()}`);
  await expect(confirm).toBeEnabled();
  await screenshotBothThemes(page, 'workflow-delete-dialog');
  await confirm.click();
  await expect(page).toHaveURL(/\/workflows$/);
  expect((await api.get(`workflows/${workflow.id}`)).status()).toBe(404);
});

test(
  'each workflows list row shows its last run, success rate, waiting approvals and an Example mark where known',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, readyWorkflow, strictV1 }) => {
    test.setTimeout(120_000);
    const approval = await readyWorkflow(PROMPTS.approval, unique('Press Release'));
    await runUntil(api, approval.id, { company_name: 'Initech' }, 'human_in_the_loop');
    const guarded = await readyWorkflow(PROMPTS.guarded, unique('Invoice Check'));
    const fields = Object.entries((guarded.input_schema?.properties ?? {}) as Record<string, { type?: string }>).map(
      ([key, schema]) => [key, schema.type] as const,
    );
    const input = (amount: number) =>
      Object.fromEntries(
        fields.map(([key, type]) => [key, type === 'number' || type === 'integer' ? amount : 'Hooli']),
      );
    await runUntil(api, guarded.id, input(10), 'finished');
    await runUntil(api, guarded.id, input(-1), 'error');
    const fresh = await readyWorkflow(PROMPTS.noInput, unique('Quote'));

    const asked = new Set<string>();
    page.on('request', (request) => {
      const match = /\/workflows\/([0-9a-f-]{36})\/executions(\?|$)/.exec(request.url());
      if (match) asked.add(match[1]!);
    });
    await page.goto('/workflows');
    const row = (name: string) => page.getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(row(approval.name)).toContainText('Last run waiting for approval');
    await expect(row(approval.name)).toContainText('1 waiting for approval');
    await expect(row(guarded.name)).toContainText('Last run failed');
    await expect(row(guarded.name)).toContainText(
      strictV1 ? '50% succeeded in the last 2 ended runs' : '50% succeeded in the last 7 days',
    );
    await expect(row(fresh.name)).toContainText('Not run yet');
    const demo = row('Course Certificate');
    if (strictV1) {
      await expect(page.getByText('Example', { exact: true })).toHaveCount(0);
      // Rows below the fold ask for nothing: at most a screenful of rows read their runs.
      const rows = page.getByRole('list').last().getByRole('link');
      const ids = (await rows.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).map((href) =>
        href.split('/').pop()!,
      );
      expect(ids.length).toBeGreaterThanOrEqual(10);
      expect(asked.size).toBeLessThanOrEqual(8);
      expect(asked.has(ids.at(-1)!)).toBe(false);
      await rows.last().scrollIntoViewIfNeeded();
      await expect.poll(() => asked.has(ids.at(-1)!)).toBe(true);
    } else {
      // The demo workflows are the oldest: after a long suite they sit pages down the list.
      const more = page.getByRole('button', { name: /^Load more/ });
      while (!(await demo.isVisible()) && (await more.isVisible())) {
        await more.click();
        await expect(more.or(demo).first()).toBeVisible();
      }
      await expect(demo).toContainText('Example');
      expect(asked.size).toBe(0);
    }
    await expectNoSeriousA11yViolations(page, 'the workflows list');
    await screenshotBothThemes(page, 'workflows-list');
    await page.setViewportSize(PHONE);
    await screenshotBothThemes(page, 'workflows-list-phone');
  },
);
