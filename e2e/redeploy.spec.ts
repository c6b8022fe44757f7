import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { PROMPTS } from './support/prompts';

const DIST = join(import.meta.dirname, '..', 'dist');

/**
 * The build a tab loaded before a redeploy: the same files as dist/ under other names (every
 * asset renamed `old-…` and every reference to it rewritten), as a rebuild with other hashes has.
 */
function previousBuild(): { index: string; files: Map<string, Buffer> } {
  const names = readdirSync(join(DIST, 'assets')).filter((n) => /\.(js|css)$/.test(n));
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const reference = new RegExp(`(?<=[/"'\`])(${escaped.join('|')})`, 'g');
  const rename = (text: string) => text.replace(reference, 'old-$1');
  const files = new Map(
    names.map((n) => [`old-${n}`, Buffer.from(rename(readFileSync(join(DIST, 'assets', n), 'utf8')))]),
  );
  return { index: rename(readFileSync(join(DIST, 'index.html'), 'utf8')), files };
}

test('a tab still on the previous build reloads itself once, on the same URL, when its chunks are gone', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(PROMPTS.guarded, 'Redeploy check');
  const old = previousBuild();
  // What the tab already holds of the old build: index.html and what it loads up front (the entry
  // and the modules it names or preloads). Every other old chunk is gone from the server, which now serves the new dist.
  const held = new Set([...old.index.matchAll(/\/assets\/(old-[^"\s]+)/g)].map((m) => m[1]!));
  let documents = 0;
  await page.route('**/*', async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    if (request.isNavigationRequest()) {
      documents += 1;
      if (documents === 1) return route.fulfill({ status: 200, contentType: 'text/html', body: old.index });
      return route.continue();
    }
    const name = path.startsWith('/assets/') ? path.slice('/assets/'.length) : '';
    if (held.has(name)) {
      return route.fulfill({
        status: 200,
        contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript',
        body: old.files.get(name)!,
      });
    }
    return route.continue();
  });

  const url = `/workflows/${workflow.id}/executions`;
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Redeploy check', level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(documents).toBe(2);
  expect(new URL(page.url()).pathname).toBe(url);
  // It was the chunk loader's reload (the guard's stamp), not some other one.
  expect(await page.evaluate(() => sessionStorage.getItem('wf.chunk-reload-at'))).not.toBeNull();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByText('The dashboard needs a reload')).toHaveCount(0);
  // Nothing loops: the new build stays put.
  await page.waitForTimeout(2_000);
  expect(documents).toBe(2);
});

test('a build whose chunks are still missing after the reload shows an error instead of reloading again', async ({
  connectedPage: page,
  readyWorkflow,
}) => {
  const workflow = await readyWorkflow(PROMPTS.guarded, 'Broken deploy');
  const old = previousBuild();
  const held = new Set([...old.index.matchAll(/\/assets\/(old-[^"\s]+)/g)].map((m) => m[1]!));
  let documents = 0;
  // An incomplete deployment: every load gets an index.html whose route chunks do not exist.
  await page.route('**/*', async (route) => {
    const request = route.request();
    const name = new URL(request.url()).pathname.replace(/^\/assets\//, '');
    if (request.isNavigationRequest()) {
      documents += 1;
      return route.fulfill({ status: 200, contentType: 'text/html', body: old.index });
    }
    if (held.has(name))
      return route.fulfill({
        status: 200,
        contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript',
        body: old.files.get(name)!,
      });
    return route.continue();
  });
  await page.goto(`/workflows/${workflow.id}/executions`);
  await expect(page.getByRole('heading', { name: 'The dashboard needs a reload' })).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(2_000);
  expect(documents).toBe(2);
});
