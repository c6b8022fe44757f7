import { BOTH_MODES_TAG, expect, test } from './support/fixtures';

const PLANNED_BY = /Workflows are planned by/;

/** The line Settings should show for what the server answers at GET /service; null where it says nothing. */
function expectedLine(service: { planner: string; model: string | null } | null): string | null {
  if (!service) return null;
  if (service.planner === 'rules')
    return 'Workflows are planned by built-in rules (no model is configured on this server).';
  return `Workflows are planned by the model ${service.model} (falls back to built-in rules if it fails).`;
}

test(
  'settings says how the server plans workflows exactly as far as the server says, once',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page, api, strictV1 }) => {
    // A strict-v1 server declares no extensions, so the dashboard must neither ask nor guess.
    const answer = strictV1 ? null : await api.get('service');
    const line = expectedLine(
      answer?.ok() ? ((await answer.json()) as { planner: string; model: string | null }) : null,
    );
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/service') asked.push(request.url());
    });

    await page.goto('/settings');
    const connection = page.getByRole('form', { name: 'Connection' });
    await expect(connection).toBeVisible();
    if (line) await expect(page.getByText(line)).toBeVisible();
    else {
      // Where the server lists the route, the answer has come (and said nothing usable) before we look.
      if (!strictV1) await expect.poll(() => asked.length).toBeGreaterThan(0);
      await expect(page.getByText(PLANNED_BY)).toHaveCount(0);
    }

    await page.getByRole('button', { name: 'Test connection' }).click();
    const verdict = page.getByRole('status').filter({ hasText: 'Connection OK' });
    await expect(verdict).toBeVisible();
    // The line above the form already speaks for this server, so the verdict does not say it twice.
    await expect(verdict).not.toContainText(PLANNED_BY);
    if (line) await expect(page.getByText(line)).toHaveCount(1);
    if (strictV1) expect(asked).toEqual([]);
  },
);
