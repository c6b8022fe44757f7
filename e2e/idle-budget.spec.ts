import type { Page, Request } from '@playwright/test';
import { BOTH_MODES_TAG, expect, test } from './support/fixtures';

/**
 * The dashboard stays open all day, often in several tabs of people sharing one account, and each
 * key has 100 requests a minute: a page nobody touches must leave nearly all of it to the people
 * who act. Watching the server (is it up, is the key still taken) may spend at most a few.
 */
const IDLE_WINDOW_MS = 60_000;
/** Requests with the key, per minute, that an idle workflows page may send. */
const IDLE_BUDGET_PER_MINUTE = 3;
/** Page time run at once, and the real wait after it, while the idle minute passes. */
const STEP_MS = 1_000;
const REAL_PAUSE_MS = 25;

const keyed = (request: Request) => request.headers()['x-api-key'] !== undefined;

/**
 * Runs a minute of the page's clock a second at a time, with a real pause after each: a timer that
 * fires sends its request, and the timer it sets once the answer is in is due within the window, as in
 * real time. Returns the page time that passed.
 */
async function runIdleMinute(page: Page): Promise<number> {
  const pageNow = () => page.evaluate(() => Date.now());
  const start = await pageNow();
  while ((await pageNow()) - start < IDLE_WINDOW_MS) {
    await page.clock.runFor(STEP_MS);
    await page.waitForTimeout(REAL_PAUSE_MS);
  }
  return (await pageNow()) - start;
}

test(
  'an idle workflows page spends at most 3 requests a minute of the key’s budget',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page }) => {
    // The page's own clock runs the idle minute in steps, so the test does not sit through it.
    await page.clock.install();
    await page.goto('/workflows');
    await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
    // The first load and what loads once the page is idle (the key watch among them) are not idle time.
    await page.waitForTimeout(2_000);
    await page.clock.runFor(5_000);
    // What those timers sent is answered before the window opens.
    await page.waitForTimeout(1_000);

    const sent: string[] = [];
    let probes = 0;
    page.on('request', (request) => {
      if (keyed(request)) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
      else if (new URL(request.url()).pathname === '/healthz') probes += 1;
    });
    const windowMs = await runIdleMinute(page);

    const perMinute = (sent.length * 60_000) / windowMs;
    console.log(
      `idle /workflows: ${perMinute.toFixed(1)} keyed requests a minute over ${windowMs} ms (${sent.join(', ')}); ${probes} /healthz probes`,
    );
    expect(perMinute, sent.join('\n')).toBeLessThanOrEqual(IDLE_BUDGET_PER_MINUTE);
  },
);

test('the idle check counts: a page that polls every 5 s goes over the budget', async ({ connectedPage: page }) => {
  // The stepped clock above must let polling through; a page that reads the list every 5 s shows it does.
  await page.clock.install();
  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
  let sent = 0;
  page.on('request', (request) => {
    if (keyed(request)) sent += 1;
  });
  await page.evaluate(() => {
    const key = sessionStorage.getItem('wf.key.local') ?? '';
    const poll = () =>
      void fetch('/api/v1/workflows?limit=1', { headers: { 'x-api-key': key } }).then(() => setTimeout(poll, 5_000));
    poll();
  });
  await runIdleMinute(page);
  expect(sent).toBeGreaterThanOrEqual(10);
});
