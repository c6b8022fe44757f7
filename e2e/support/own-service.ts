import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bench/support/processes';
import { E2E_API_KEY } from './servers';

/**
 * A local service of a spec's own, on a free port with its own data directory, for specs that kill
 * and restart it. It runs as one node process (no tsx wrapper process), so SIGKILL is a real crash.
 */
export class OwnService {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'wf-e2e-own-'));
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(env: Record<string, string> = {}): Promise<OwnService> {
    const service = new OwnService(await freePort(), env);
    await service.restart();
    return service;
  }

  /** Starts the service (again) on the same port and data directory and waits until it answers. */
  async restart(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/service/main.ts', '--no-build'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.origin,
        WORKFLOW_API_KEYS: E2E_API_KEY,
        WORKFLOW_RATE_LIMIT: '100000',
        WORKFLOW_KEY_FAILURE_LIMIT: '100000',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000)));
    child.stderr?.on('data', (d: Buffer) => (this.output = (this.output + d.toString()).slice(-4000)));
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (exited(child)) throw new Error(`the service exited early:\n${this.output}`);
      try {
        // Served in every API mode (a strict-v1 service has no openapi.json).
        if ((await fetch(`${this.origin}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the service did not start:\n${this.output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** kill -9: no shutdown hook runs, connections drop, the database is left as a crash leaves it. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child || exited(child)) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }

  /** Stops the service for good and removes its data directory. */
  async stop(): Promise<void> {
    const child = this.child;
    if (child && !exited(child)) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** A process killed by a signal has a null exitCode and a signalCode instead. */
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
