import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';

/** Collects every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('the dashboard is served with a strict CSP and security headers', async ({ page }) => {
  for (const path of ['/', '/workflows', '/favicon.svg']) {
    const res = await page.request.get(path, { headers: { accept: 'text/html' } });
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self' 'unsafe-eval'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "worker-src 'self'"])
      expect(csp, path).toContain(directive);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
  }
  const index = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
  // Every script of index.html is a file of this origin: nothing inline for the policy to allow.
  expect(index.match(/<script\b[^>]*>[^<]+<\/script>/g) ?? []).toEqual([]);
});

test('no CSP violation in the main journeys: list, run form, results of every format, batch upload', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  test.setTimeout(150_000);
  const violations = await watchViolations(page);
  const workflow = await readyWorkflow(PROMPTS.everyFormat, 'CSP every format');

  await page.goto('/workflows');
  await expect(page.getByRole('link', { name: 'CSP every format' })).toBeVisible();

  await page.goto(`/workflows/${workflow.id}`);
  const companyName = page.getByLabel(/company name/i);
  await expect(companyName).toBeVisible();
  // Leaving an empty required field runs the ajv validator (compiled with new Function).
  await companyName.focus();
  await companyName.blur();
  await companyName.fill('Acme Rockets');
  await page.getByLabel(/website/i).fill('https://acme.test');
  await page.getByRole('button', { name: 'Run workflow' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible({ timeout: 60_000 });

  const tabs = page.getByRole('tablist', { name: 'Result files' });
  for (const extension of ['md', 'csv', 'html', 'json', 'pdf']) {
    await tabs.getByRole('tab', { name: new RegExp(`\\.${extension}\\b`) }).click();
    await expect(page.getByRole('tabpanel').filter({ visible: true })).toBeVisible();
  }
  await expect(page.getByRole('tabpanel').filter({ visible: true }).locator('iframe')).toBeVisible();

  await page.goto(`/workflows/${workflow.id}/batch`);
  await page.getByLabel('Spreadsheet file').setInputFiles({
    name: 'companies.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('company_name,website\nAcme,https://acme.test\nGlobex,https://globex.test\n'),
  });
  await expect(page.getByText(/2 valid/)).toBeVisible();

  expect(violations).toEqual([]);
});

test('a hostile input_schema costs a clear error, not a frozen tab', async ({ connectedPage: page, readyWorkflow }) => {
  const workflow = await readyWorkflow(PROMPTS.form, 'Hostile schema');
  const hostile = {
    type: 'object',
    properties: { email: { type: 'string', pattern: '^(([a-z])+.)+[A-Z]([a-z])+$' } },
  };
  await page.route(`**/api/v1/workflows/${workflow.id}`, async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), input_schema: hostile } });
  });
  await page.goto(`/workflows/${workflow.id}`);
  await expect(page.getByRole('alert').filter({ hasText: "This workflow's input form cannot be shown" })).toContainText(
    'The pattern of field email repeats a group that already repeats without bound',
  );
  // The tab still answers.
  expect(await page.evaluate(() => 1 + 1)).toBe(2);

  // Written as text: JSON.stringify itself would run out of stack on a schema this deep.
  const levels = 3000;
  const deep = `${'{"type":"object","properties":{"x":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`;
  await page.unroute(`**/api/v1/workflows/${workflow.id}`);
  await page.route(`**/api/v1/workflows/${workflow.id}`, async (route) => {
    const res = await route.fetch();
    const body = JSON.stringify({ ...(await res.json()), input_schema: null }).replace(
      '"input_schema":null',
      `"input_schema":${deep}`,
    );
    await route.fulfill({ response: res, body, contentType: 'application/json' });
  });
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: "This workflow's input form cannot be shown" })).toContainText(
    'nested more than 32 levels deep',
  );
});

test('a markdown preview loads remote images only after "Show images from this file"', async ({
  connectedPage: page,
  baseURL,
}) => {
  const wid = '11111111-1111-4111-8111-111111111111';
  const eid = '22222222-2222-4222-8222-222222222222';
  const now = new Date().toISOString();
  const pixelRequests: string[] = [];
  await page.route('https://tracker.example/**', (route) => {
    pixelRequests.push(route.request().url());
    return route.fulfill({ contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAAAAACw=', 'base64') });
  });
  await page.route(`**/api/v1/workflows/${wid}/executions/${eid}`, (route) =>
    route.fulfill({
      json: {
        id: eid,
        workflow_id: wid,
        status: 'finished',
        created_at: now,
        results: [
          {
            filename: 'report.md',
            url: `${baseURL}/files/none/report.md`,
            content: '# Report\n\n![pixel](https://tracker.example/p.gif?u=1)\n',
          },
        ],
      },
    }),
  );
  await page.route(`**/api/v1/workflows/${wid}`, (route) =>
    route.fulfill({
      json: { id: wid, name: 'Pixel', description: '', created_at: now, updated_at: now, input_schema: null },
    }),
  );
  await page.goto(`/workflows/${wid}/executions/${eid}`);
  await expect(page.getByRole('heading', { name: 'Report', exact: true })).toBeVisible();
  await expect(page.getByText('Image “pixel” from tracker.example not loaded')).toBeVisible();
  expect(pixelRequests).toEqual([]);
  await page.getByRole('button', { name: 'Show images from this file' }).click();
  await expect(page.getByRole('img', { name: 'pixel' })).toBeVisible();
  expect(pixelRequests).toEqual(['https://tracker.example/p.gif?u=1']);
});
