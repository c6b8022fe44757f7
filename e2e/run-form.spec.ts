import { expect, screenshotBothThemes, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';

test('a workflow without input runs from a single button', async ({ connectedPage: page, readyWorkflow }) => {
  const workflow = await readyWorkflow(PROMPTS.noInput);
  expect(workflow.input_schema).toBeNull();
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByText('This workflow needs no input')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByLabel('curl request')).toContainText("--data '{}'");
  await screenshotBothThemes(page, 'run-no-input');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Results' })).toBeVisible();
});

test('invalid input shows errors at the fields and sends nothing', async ({ connectedPage: page, readyWorkflow }) => {
  const workflow = await readyWorkflow(PROMPTS.form);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/executions')) posts.push(request.url());
  });
  await page.goto(`/workflows/${workflow.id}`);
  const email = page.getByLabel(/email/i);
  const website = page.getByLabel(/website/i);
  await expect(email).toBeVisible();

  // Errors wait until a field is left, then appear under it.
  await email.fill('not-an-email');
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toHaveCount(0);
  await email.blur();
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await website.fill('acme dot com');
  await website.blur();
  await expect(page.getByText('Enter a full URL, like https://example.com.')).toBeVisible();

  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await screenshotBothThemes(page, 'run-form-errors');
  await page.waitForTimeout(500);
  expect(posts).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/workflows/${workflow.id}$`));

  // Fixing the input lets the run go through.
  await page.getByLabel(/company name/i).fill('Acme');
  await website.fill('https://acme.test');
  await email.fill('ceo@acme.test');
  await page.getByLabel(/tone/i).selectOption('formal');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  expect(posts).toHaveLength(1);
});

test('copy as curl masks the key unless asked, and "Edit and run" brings the input back', async ({
  connectedPage: page,
  readyWorkflow,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const workflow = await readyWorkflow(PROMPTS.everyFormat);
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByLabel(/company name/i).fill('Globex');
  await page.getByLabel(/website/i).fill('https://globex.test');
  await page.getByRole('button', { name: /Run it from code/ }).click();
  const snippet = page.getByLabel('curl request');
  await expect(snippet).toContainText('$WORKFLOW_API_KEY');
  await expect(snippet).toContainText('"company_name":"Globex"');
  await page.getByLabel('Include my key').check();
  await expect(snippet).not.toContainText('$WORKFLOW_API_KEY');
  await page.getByLabel('Include my key').uncheck();
  await page.getByRole('button', { name: 'Copy as curl' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('$WORKFLOW_API_KEY');
  await page.getByRole('button', { name: 'fetch' }).click();
  await expect(page.getByLabel('fetch request')).toContainText("method: 'POST'");

  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Submitted input')).toContainText('Globex');
  await page.getByRole('link', { name: 'Edit and run' }).click();
  await expect(page).toHaveURL(/\?from=/);
  await expect(page.getByText('Pre-filled from an earlier run')).toBeVisible();
  await expect(page.getByLabel(/company name/i)).toHaveValue('Globex');
});

test('a run you started is announced with a toast when it ends while you are elsewhere', async ({
  connectedPage: page,
  readyWorkflow,
  api,
}) => {
  test.setTimeout(90_000);
  // An approval step keeps the run going until the test decides, so it ends while the user is on another page.
  const workflow = await readyWorkflow(PROMPTS.approval);
  await page.goto(`/workflows/${workflow.id}`);
  await page.getByLabel(/company name/i).fill('Wayne Enterprises');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible({ timeout: 60_000 });
  const executionUrl = page.url();
  const executionId = executionUrl.split('/').at(-1)!;

  await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/\(1 running\)/, { timeout: 20_000 });
  const approved = await api.post(`workflows/${workflow.id}/executions/${executionId}/approval`, {
    data: { approved: true },
  });
  expect(approved.status()).toBe(200);

  const toast = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('status')
    .filter({ hasText: 'Run finished' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expect(page).not.toHaveTitle(/running/);
  await toast.getByRole('button', { name: 'View run' }).click();
  await expect(page).toHaveURL(executionUrl);
});

test('list fields add and remove items, with nested fields validated per item', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(PROMPTS.list);
  await page.goto(`/workflows/${workflow.id}`);
  const first = page.getByRole('group', { name: 'Item 1' });
  await expect(first).toBeVisible();
  await page.getByRole('button', { name: /^Add to products/ }).click();
  const second = page.getByRole('group', { name: 'Item 2' });
  await expect(second).toBeVisible();

  await first.getByLabel(/name/i).fill('Widget');
  await first.getByLabel(/price/i).fill('9.5');
  await second.getByLabel(/name/i).fill('Gadget');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(second.getByText('This field is required.')).toBeVisible();
  await screenshotBothThemes(page, 'run-form-list');

  await page.getByRole('button', { name: 'Remove item 2' }).click();
  await expect(page.getByRole('group', { name: 'Item 2' })).toHaveCount(0);
  await expect(page.getByLabel('curl request')).toContainText('"products":[{"name":"Widget","price":9.5}]');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(
    page
      .getByRole('tabpanel')
      .or(page.getByRole('region', { name: /Results/ }))
      .first(),
  ).toContainText('Widget');
});

test('words typed into a number field ask for a number, and a submit flags every empty required field', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(PROMPTS.form);
  const schema = workflow.input_schema as { required: string[]; properties: Record<string, { title?: string }> };
  expect(schema.required.length).toBeGreaterThan(2);
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByLabel(/email/i)).toBeVisible();

  await page.getByRole('button', { name: 'Run workflow' }).click();
  for (const key of schema.required) {
    await expect(page.getByLabel(schema.properties[key]?.title ?? key)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page.getByText('This field is required.')).toHaveCount(schema.required.length);

  const invoice = await readyWorkflow(PROMPTS.guarded);
  await page.goto(`/workflows/${invoice.id}`);
  const amount = page.getByLabel(/amount/i);
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page.getByLabel(/customer/i)).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('twelve hundred');
  await amount.blur();
  await expect(amount).toHaveAccessibleDescription(/Enter a number, like 1200\.$/);
  await expect(amount).toHaveValue('twelve hundred');

  await amount.fill('1200.50');
  await amount.blur();
  await expect(page.getByText('Enter a number, like 1200.')).toHaveCount(0);
  await expect(page.getByLabel('curl request')).toContainText('"amount":1200.5');
});

test('a time of day is picked with a time picker, and the service takes the time it sends', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(
    'Write a site visit note for a customer: customer name, visit date and arrival time.',
  );
  const properties = (workflow.input_schema?.properties ?? {}) as Record<string, { format?: string }>;
  expect(properties.arrival_time?.format).toBe('time');
  await page.goto(`/workflows/${workflow.id}`);
  const arrival = page.getByLabel(/arrival time/i);
  await expect(arrival).toHaveAttribute('type', 'time');
  await page.getByLabel(/customer name/i).fill('Dana Smith');
  await page.getByLabel(/visit date/i).fill('2026-12-01');
  await arrival.fill('14:30');
  await arrival.blur();
  await expect(arrival).not.toHaveAttribute('aria-invalid', 'true');
  await screenshotBothThemes(page, 'run-form-time');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('14:30').first()).toBeVisible();
});
