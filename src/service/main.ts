import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { loadConfig, type Config } from './config';
import { ConfigError } from './config-read';
import { createLogger } from './logger';
import { plannerLines } from './planner-lines';
import { warmStepPool } from './engine/step-pool';
import { createService } from './service';
import { describeStartupError } from './startup-errors';
import { StopSignals, type StopSignal } from './stop-signals';

/**
 * Compiled by `npm run build:service`, this file is dist-service/main.js, one level below the root,
 * and leaves building the dashboard to `npm run build` (Vite is a development tool).
 */
const COMPILED = import.meta.url.endsWith('.js');
const ROOT = fileURLToPath(new URL(COMPILED ? '..' : '../..', import.meta.url));
const DIST = join(ROOT, 'dist');

/** Newest modification time among the dashboard's sources. */
function newestSource(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestSource(join(path, name))), stat.mtimeMs);
}

/** Builds the dashboard when dist is missing or older than its sources. */
async function buildIfStale(): Promise<void> {
  const index = join(DIST, 'index.html');
  if (COMPILED) {
    if (!existsSync(index)) console.error('The dashboard is not built (npm run build); serving the API only.');
    return;
  }
  // scripts/vite-first-paint.ts is part of the build's configuration (vite.config.ts imports it).
  const sources = [
    'src/web',
    'src/contract',
    'index.html',
    'public',
    'vite.config.ts',
    'scripts/vite-first-paint.ts',
  ].map((p) => newestSource(join(ROOT, p)));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources)) return;
  console.log('Building the dashboard (dist is missing or older than src/web)…');
  const { build } = await import('vite');
  // Over the first page's budget is a warning here: the person starting the product still gets the
  // dashboard. `npm run build` in CI keeps it a failure.
  process.env.WF_ENTRY_BUDGET = 'warn';
  try {
    await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  } catch (error) {
    // The API is still useful without the dashboard, so a failed build is reported, not fatal.
    console.error(`The dashboard build failed; serving the API only. ${(error as Error).message}`);
  }
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  try {
    await start(config);
  } catch (error) {
    const reason = describeStartupError(error, config);
    if (reason === null) throw error;
    console.error(`Cannot start the service: ${reason}`);
    process.exit(1);
  }
}

async function start(config: Config): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const dev = args.has('--dev');
  const logger = createLogger(config.logLevel);
  if (!dev && !args.has('--no-build')) await buildIfStale();

  // Dev mode: Vite runs inside this process and shares its HTTP server, so HMR and the API use one origin.
  let vite: ViteDevServer | null = null;
  const service = await createService(config, {
    logger,
    distDir: DIST,
    vite: dev ? (req, res, next) => (vite ? vite.middlewares(req, res, next) : next()) : undefined,
  });
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      appType: 'spa',
      server: { middlewareMode: true, hmr: { server: service.app.server } },
    });
  }

  const stops = new StopSignals(config.drainSeconds * 1000);
  let endDrain: (() => void) | null = null;
  const close = async (signal: StopSignal, drainSeconds: number) => {
    // Draining first: /readyz answers 503 so the load balancer moves new requests to other
    // replicas, while this one still answers what reaches it meanwhile.
    service.readiness.drain();
    if (drainSeconds > 0) {
      logger.info({ signal, seconds: drainSeconds }, 'draining: /readyz answers 503, requests are still served');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainSeconds * 1000);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endDrain = null;
    }
    logger.info({ signal }, 'shutting down');
    await vite?.close();
    await service.close();
    // The runs held here are back in the queue: another replica (or the next start) takes them now.
    logger.info({ signal }, 'stopped: runs in flight were handed back to the queue');
    process.exit(0);
  };
  // Ctrl-C at a terminal means now; SIGTERM is how deploys and orchestrators ask, so it drains.
  const onSignal = (signal: StopSignal) => {
    const action = stops.receive(signal, Date.now());
    if (action === 'drain') void close(signal, config.drainSeconds);
    else if (action === 'close') {
      if (endDrain) endDrain();
      else void close(signal, 0);
    } else if (action === 'ignore') logger.info({ signal }, 'already stopping: a repeated signal is ignored');
    else {
      logger.warn({ signal }, 'stopping at once, without handing over the runs in flight');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  await service.app.listen({ port: config.port, host: config.host });
  if (!config.upstream) warmStepPool();
  if (service.devKey?.created) {
    console.log(
      `Created a development API key (shown once; also saved to ${join(config.dataDir, 'dev-key.txt')}):\n  ${service.devKey.key}`,
    );
  }
  // With PORT=0 the real port is known only now; links still use PUBLIC_URL, so set it when using port 0.
  const address = service.app.server.address();
  const base =
    config.port === 0 && address && typeof address === 'object'
      ? config.publicUrl.replace(/:0$/, `:${address.port}`)
      : config.publicUrl;
  const api = config.upstream ? `${base}/api/v1 (proxied to ${config.upstream})` : `${base}/api/v1`;
  console.log(`Dashboard: ${base}/  API: ${api}`);
  if (!config.upstream) for (const line of await plannerLines(config)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
