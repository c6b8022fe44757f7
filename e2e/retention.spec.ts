import { BOTH_MODES_TAG, expect, test } from './support/fixtures';

const KEPT = /runs are kept/;

test(
  'the runs page and settings say how long runs are kept exactly where the server declares it, and the account can keep less',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, strictV1 }) => {
    if (strictV1) {
      // A strict-v1 server declares no retention: the dashboard neither asks nor guesses.
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/retention') asked.push(request.url());
      });
      await page.goto('/runs');
      await expect(page.getByRole('heading', { name: 'Runs', level: 1 })).toBeVisible();
      await expect(page.getByText(KEPT)).toHaveCount(0);
      await page.goto('/settings');
      await expect(page.getByRole('heading', { name: 'Keys' })).toBeVisible();
      await expect(page.getByText(KEPT)).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Retention' })).toHaveCount(0);
      expect(asked).toEqual([]);
      return;
    }
    const service = (await (await api.get('retention')).json()) as { service_days: number; service_max_runs: number };
    const limits = `${service.service_days} days, up to the newest ${service.service_max_runs.toLocaleString('en-US')} runs.`;

    await page.goto('/runs');
    await expect(page.getByText(`Older runs are kept for ${limits}`)).toBeVisible();

    await page.goto('/settings');
    const days = page.getByLabel('Keep ended runs for (days)');
    await days.fill(String(service.service_days + 1));
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expect(page.getByText(`This server keeps runs at most ${service.service_days} days`)).toBeVisible();

    await days.fill('20');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByText(/Older runs are kept for 20 days/)).toBeVisible();

    // Back to the server's setting, so other tests see the account as it was.
    await days.fill('');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await expect(page.getByText(`Older runs are kept for ${limits}`)).toBeVisible();
    expect(((await (await api.get('retention')).json()) as { account_days: number | null }).account_days).toBeNull();
  },
);
