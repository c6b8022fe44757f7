import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signalGroupTwice } from '../../test-support/process-group';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** One service process (main.ts, as `npm start` runs it) on a port and data directory (see ReplicaPlace). */
export interface Replica {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>` followed by `path`. */
  url(path: string): string;
  /** Everything it printed so far. */
  output(): string;
  /** kill -9 (to its whole process group when started with `npm start`), resolved once the service is gone. */
  kill(): Promise<void>;
  /**
   * Sends SIGTERM, a deploy's stop: to the process, or with `npm start` to its whole process group,
   * as systemd does by default (see signalGroupTwice). `exited` resolves once the service process is gone.
   */
  terminate(): void;
  /** The service's exit code; null with `npm start`, where only npm's (which ends at once) could be seen. */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
/** Process groups of replicas started with `npm start`, until their service is gone. */
const groups = new Set<number>();
const dataDirs: string[] = [];

/** A TCP port on 127.0.0.1 that nothing listens on just now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Where a replica listens and keeps its files; by default a free port and a data directory of its own. */
export interface ReplicaPlace {
  port?: number;
  /** A directory the caller owns (stopReplicas leaves it), e.g. to start a service again on the same files. */
  dataDir?: string;
  /**
   * 'npm start': started as a newcomer or a process manager would, npm running sh, tsx and node, in
   * a process group of its own. By default one node process with tsx as a loader.
   */
  launcher?: 'node' | 'npm start';
}

/**
 * Starts main.ts in one Node process (tsx as a loader, so kill -9 hits the service itself; or as
 * `place.launcher` says) on
 * `databaseUrl` (undefined: SQLite in its data directory), and resolves once it listens. `env` adds
 * to (or overrides) the service's variables.
 */
export async function startReplica(
  name: string,
  databaseUrl: string | undefined,
  env: Record<string, string>,
  place: ReplicaPlace = {},
): Promise<Replica> {
  const port = place.port ?? (await freePort());
  const dataDir = place.dataDir ?? ownDataDir(name);
  const viaNpm = place.launcher === 'npm start';
  const command = viaNpm
    ? { file: 'npm', args: ['start', '--silent', '--', '--no-build'] }
    : { file: process.execPath, args: ['--import', 'tsx', 'src/service/main.ts', '--no-build'] };
  const child = spawn(command.file, command.args, {
    cwd: ROOT,
    detached: viaNpm,
    env: {
      ...process.env,
      ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Longer than fetch's own 4 s keep-alive, so the service never closes a connection the test's
      // fetch is about to reuse ("other side closed" on a loaded machine).
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const group = child.pid!;
  if (viaNpm) groups.add(group);
  else running.add(child);
  // npm ends as soon as its shell dies of the signal; node, which shares its output, is gone when that closes.
  const exited = new Promise<number | null>((resolve) => {
    if (viaNpm) {
      child.stdout!.once('close', () => {
        groups.delete(group);
        resolve(null);
      });
    } else {
      child.once('exit', (code) => {
        running.delete(child);
        resolve(code);
      });
    }
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Dashboard: ')) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`replica ${name} exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`replica ${name} did not start:\n${output}`);
    await sleep(50);
  }
  return {
    name,
    port,
    exited,
    terminate: () => (viaNpm ? signalGroupTwice(group, 'SIGTERM') : child.kill('SIGTERM')),
    url: (path) => `http://127.0.0.1:${port}${path}`,
    output: () => output,
    kill: async () => {
      if (viaNpm) {
        killGroup(group);
      } else {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGKILL');
      }
      await exited;
    },
  };
}

function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function ownDataDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `workflow-replica-${name}-`));
  dataDirs.push(dir);
  return dir;
}

/** Kills every replica still running and removes their data directories (for afterAll). */
export async function stopReplicas(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
  groups.forEach(killGroup);
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
