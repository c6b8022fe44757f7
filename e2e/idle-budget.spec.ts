import type { Request } from '@playwright/test';
import { BOTH_MODES_TAG, expect, test } from './support/fixtures';

/**
 * The dashboard stays open all day, often in several tabs of people sharing one account, and each
 * key has 100 requests a minute: a page nobody touches must leave nearly all of it to the people
 * who act. Watching the server (is it up, is the key still taken) may spend at most a few.
 */
const IDLE_WINDOW_MS = 60_000;
/** Requests with the key, per minute, that an idle workflows page may send. */
const IDLE_BUDGET_PER_MINUTE = 3;

const keyed = (request: Request) => request.headers()['x-api-key'] !== undefined;

test(
  'an idle workflows page spends at most 3 requests a minute of the key’s budget',
  { tag: BOTH_MODES_TAG },
  async ({ connectedPage: page }) => {
    test.setTimeout(IDLE_WINDOW_MS + 60_000);
    await page.goto('/workflows');
    await expect(page.getByRole('heading', { name: 'Workflows', exact: true, level: 1 })).toBeVisible();
    // The first load and what loads once the page is idle (the key watch among them) are not idle time.
    await page.waitForTimeout(5_000);

    const sent: string[] = [];
    let probes = 0;
    page.on('request', (request) => {
      if (keyed(request)) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
      else if (new URL(request.url()).pathname === '/healthz') probes += 1;
    });
    await page.waitForTimeout(IDLE_WINDOW_MS);

    const perMinute = (sent.length * 60_000) / IDLE_WINDOW_MS;
    console.log(
      `idle /workflows: ${perMinute} keyed requests a minute (${sent.join(', ')}); ${probes} /healthz probes`,
    );
    expect(perMinute, sent.join('\n')).toBeLessThanOrEqual(IDLE_BUDGET_PER_MINUTE);
  },
);
