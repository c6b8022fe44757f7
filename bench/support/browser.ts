// Debian's Chromium, a freshly built SPA and a local service to serve it, shared by the web benches.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_LAUNCH } from '../../e2e/support/chromium';
import { freePort, startProcess } from './processes';

const root = resolve(import.meta.dirname, '../..');
const WEB_KEY = 'bench-web-key-0000000000000000000000';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

/** Stores the key where the Local profile keeps it, before any page script runs. */
export async function connectPage(page: Page, key = WEB_KEY): Promise<void> {
  await page.addInitScript((k) => sessionStorage.setItem('wf.key.local', k), key);
}

/** What a browser keeps of a site between visits (cookies and localStorage), as Playwright saves it. */
export type VisitorState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** How long a first visit may take to leave what a dashboard keeps (an older one keeps no cookie). */
const FIRST_VISIT_SETTLE_MS = 10_000;

/**
 * A returning visitor's browser state: one real visit to `origin`'s list with `key` remembered on
 * this device (localStorage, as the settings page stores it), and whatever the dashboard kept from
 * it (its cookie, where it writes one), saved once the visit has settled.
 */
export async function returningVisitor(browser: Browser, origin: string, key: string): Promise<VisitorState> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/runs`);
    await page.evaluate((k) => {
      localStorage.setItem(
        'wf.profiles',
        JSON.stringify([{ id: 'local', name: 'Local', baseUrl: `${location.origin}/api/v1`, remember: true }]),
      );
      localStorage.setItem('wf.key.local', k);
    }, key);
    await page.goto(`${origin}/workflows`);
    await page.locator('main ul li a').first().waitFor();
    const until = Date.now() + FIRST_VISIT_SETTLE_MS;
    while (Date.now() < until && !(await context.cookies(origin)).some((c) => c.name === 'wf_list_key'))
      await page.waitForTimeout(200);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Builds the SPA into dist, so the figures are of the sources as they are now (or of another checkout's). */
export function buildSpa(dir = root): void {
  try {
    // Quiet unless it fails: the bundler's timing notes would bury the figures.
    execFileSync(join(dir, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], {
      cwd: dir,
      stdio: 'pipe',
      encoding: 'utf8',
    });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    const output = `${e.stdout ?? ''}${e.stderr ?? ''}`.trim();
    throw new Error(`vite build failed: ${output === '' ? e.message : output}`);
  }
}

export interface WebServer {
  origin: string;
  /** The service's data directory (its SQLite database), for figures that must not spend API requests. */
  dataDir: string;
  api: string;
  key: string;
  stop: () => Promise<void>;
}

export interface WebServerOptions {
  /** WORKFLOW_TIME_SCALE: 0 runs executions as fast as the engine can. */
  timeScale?: number;
  /** WORKFLOW_RATE_LIMIT; unset keeps the service's real 100 requests a minute. */
  rateLimit?: number;
  /** WORKFLOW_STRICT_V1=1: bare v1, no extensions (list items without results, no cancel). */
  strictV1?: boolean;
  /** A checkout to serve instead of this one (an earlier commit, for figures side by side). */
  root?: string;
}

/** The local service on a free port with a fresh database, serving dist as it is (no build-if-stale). */
export async function startWebServer(options: WebServerOptions = {}): Promise<WebServer> {
  const dir = options.root ?? root;
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-webbench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WORKFLOW_API_KEYS: WEB_KEY,
    WORKFLOW_TIME_SCALE: String(options.timeScale ?? 0),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: origin,
  };
  if (options.rateLimit !== undefined) env.WORKFLOW_RATE_LIMIT = String(options.rateLimit);
  if (options.strictV1) env.WORKFLOW_STRICT_V1 = '1';
  let proc;
  try {
    // Strict mode serves no contract document; the SPA's index answers once the service listens.
    const ready = options.strictV1 ? `${origin}/` : `${origin}/api/v1/openapi.json`;
    proc = await startProcess(
      join(dir, 'node_modules/.bin/tsx'),
      [join(dir, 'src/service/main.ts'), '--no-build'],
      env,
      ready,
    );
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const started = proc;
  return {
    origin,
    dataDir,
    api: `${origin}/api/v1`,
    key: WEB_KEY,
    stop: async () => {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `measure` with a service started with `options`, stopped after. */
export async function withServer<T>(options: WebServerOptions, measure: (server: WebServer) => Promise<T>): Promise<T> {
  const server = await startWebServer(options);
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

/** Builds the SPA, then runs `measure` with a fresh Chromium, closed after. */
export async function withBuiltSpa<T>(measure: (browser: Browser) => Promise<T>): Promise<T> {
  console.log('  building the SPA…');
  buildSpa();
  const browser = await launchChromium();
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

/** GET a JSON document from the service with the bench key. */
export async function apiGet<T>(server: WebServer, path: string): Promise<T> {
  const res = await fetch(`${server.api}${path}`, { headers: { 'x-api-key': server.key } });
  if (!res.ok) throw new Error(`GET ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
