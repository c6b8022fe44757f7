import { startFakeModel, type FakeModel } from '../src/service/test-support/fake-model';
import { defaultAnswer } from '../src/service/test-support/fake-model-answers';
import { connect, expect, screenshotBothThemes, test } from './support/fixtures';
import { OwnService } from './support/own-service';

const SALES_PROMPT = 'Write a short sales intro email to a prospect given their name, company and what we sell';

/**
 * A service that plans and writes with a model: the fake OpenAI-compatible one of the test support,
 * answering as a well-behaved model would unless a test scripts it to fail.
 */
test.describe('with a model configured', () => {
  let fake: FakeModel;
  let service: OwnService;
  test.beforeAll(async () => {
    fake = await startFakeModel(defaultAnswer);
    service = await OwnService.start({
      WORKFLOW_MODEL_URL: fake.url,
      WORKFLOW_MODEL: 'fake-writer',
      WORKFLOW_MODEL_TIMEOUT_MS: '5000',
      WORKFLOW_TIME_SCALE: '0.05',
    });
  });
  test.afterAll(async () => {
    await service?.stop();
    await fake?.close();
  });
  test.afterEach(() => {
    fake.otherwise = defaultAnswer;
  });

  test('the model plans a sales email from a prompt, and the run returns the text it wrote', async ({ page }) => {
    test.setTimeout(90_000);
    await connect(page);
    await page.goto(`${service.origin}/settings`);
    await expect(page.getByText(/Workflows are planned by the model fake-writer/).first()).toBeVisible();

    await page.goto(`${service.origin}/workflows/new`);
    await expect(page.getByText(/It plans with the model fake-writer, which can also write/)).toBeVisible();
    await page.getByLabel('What should it do?').fill(SALES_PROMPT);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Sales intro email', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Planned by the built-in rules, not the model')).toHaveCount(0);

    await page.getByLabel(/^Name/).fill('Ada Lovelace');
    await page.getByLabel(/^Company/).fill('Acme Rockets');
    await page.getByLabel(/^What we sell/).fill('Analytics for rocket engines');
    await page.getByRole('button', { name: 'Run workflow' }).click();

    await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });
    await expect(
      page.getByText(/Written by fake-writer · used \d[\d,]* tokens \(\d+ read, \d+ written\)/),
    ).toBeVisible();
    const panel = page.getByRole('tabpanel').filter({ visible: true });
    await expect(panel.or(page.getByRole('region', { name: /Results/ })).first()).toContainText(
      'written by the fake model',
    );
    await screenshotBothThemes(page, 'model-written-run');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshotBothThemes(page, 'model-written-run-phone');
  });

  test('with the model failing, the same prompt gets the built-in rules’ plan and says why', async ({ page }) => {
    fake.otherwise = { status: 500 };
    await connect(page);
    await page.goto(`${service.origin}/workflows/new`);
    await page.getByLabel('What should it do?').fill(SALES_PROMPT);
    await page.getByRole('button', { name: 'Create workflow' }).click();
    await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Planned by the built-in rules, not the model')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/the model fake-writer failed on its server \(500\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run workflow' })).toBeVisible();
    await screenshotBothThemes(page, 'model-fallback-workflow');
  });
});
