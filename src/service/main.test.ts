import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { signalGroupTwice } from './test-support/process-group';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'workflow-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs main.ts until `until` appears in its output (then sends SIGTERM) or it exits by itself. */
function runMain(
  env: Record<string, string>,
  until?: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/service/main.ts', '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until && stdout.includes(until)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts `npm start` in a process group of its own (npm, sh, tsx, node), as systemd and most process
 * managers run a service, and sends `signal` to the whole group once it listens (see
 * signalGroupTwice). npm itself ends at once (its shell dies of the signal), so this waits until node
 * has closed the output they share.
 */
function stopNpmStartGroup(
  env: Record<string, string>,
  signal: NodeJS.Signals,
): Promise<{ afterSignalMs: number; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['start', '--silent', '--', '--no-build'], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    let signalledAt = 0;
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 110_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!signalledAt && stdout.includes('Dashboard: ')) {
        signalledAt = Date.now();
        signalGroupTwice(child.pid!, signal);
      }
    });
    child.stdout.on('close', () => {
      clearTimeout(timer);
      resolve({ afterSignalMs: Date.now() - signalledAt, stdout });
    });
  });
}

describe('main', () => {
  it('stops with a one-line message naming a bad variable, and exit code 1', async () => {
    const result = await runMain({ WORKFLOW_TIME_SCALE: '-2' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: WORKFLOW_TIME_SCALE must be a number ≥ 0');
  });

  it('refuses to start with a configured key of 31 characters, naming WORKFLOW_API_KEYS but not the key', async () => {
    const short = 's'.repeat(31);
    const result = await runMain({ WORKFLOW_API_KEYS: short });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^Invalid configuration: WORKFLOW_API_KEYS must hold keys of at least 32 characters; key #1 has 31 /,
    );
    expect(result.stderr + result.stdout).not.toContain(short);
  });

  it('stops with a one-line message and exit code 1 when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as AddressInfo).port;
      // Its own data directory, so the account it provisions does not stop the dev-key test from making a key.
      const ownDir = mkdtempSync(join(tmpdir(), 'workflow-main-port-'));
      const result = await runMain({ WORKFLOW_API_KEYS: 'k'.repeat(32), PORT: String(port), DATA_DIR: ownDir });
      rmSync(ownDir, { recursive: true, force: true });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `Cannot start the service: port ${port} on 127.0.0.1 is already in use; stop the other server or set PORT to a free port`,
      );
    } finally {
      blocker.close();
    }
  });

  it('prints a new dev key once with the dashboard and API addresses, and shuts down cleanly on SIGTERM', async () => {
    const first = await runMain({ WORKFLOW_API_KEYS: '' }, 'Dashboard: ');
    expect(first.code).toBe(0);
    const key = readFileSync(join(dataDir, 'dev-key.txt'), 'utf8').trim();
    expect(first.stdout).toContain(
      `Created a development API key (shown once; also saved to ${join(dataDir, 'dev-key.txt')}):\n  ${key}`,
    );
    expect(first.stdout).toMatch(
      /Dashboard: http:\/\/127\.0\.0\.1:([1-9]\d*)\/ {2}API: http:\/\/127\.0\.0\.1:\1\/api\/v1\n/,
    );
    const second = await runMain({ WORKFLOW_API_KEYS: '' }, 'Dashboard: ');
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain(key);
  });

  it('drains to the end, then shuts down in order, when SIGTERM reaches the whole process group of npm start', async () => {
    const result = await stopNpmStartGroup(
      { WORKFLOW_API_KEYS: 'g'.repeat(32), WORKFLOW_DRAIN_SECONDS: '2' },
      'SIGTERM',
    );
    expect(result.afterSignalMs).toBeGreaterThanOrEqual(2_000);
    expect(result.stdout).toContain('draining: /readyz answers 503');
    expect(result.stdout).toContain('"msg":"stopped: runs in flight were handed back to the queue"');
    expect(result.stdout).not.toContain('stopping at once');
  }, 120_000);

  it('shuts down in order without the drain when Ctrl-C sends SIGINT to the whole process group of npm start', async () => {
    const result = await stopNpmStartGroup(
      { WORKFLOW_API_KEYS: 'g'.repeat(32), WORKFLOW_DRAIN_SECONDS: '30' },
      'SIGINT',
    );
    expect(result.afterSignalMs).toBeLessThan(10_000);
    expect(result.stdout).not.toContain('draining');
    expect(result.stdout).toContain('"msg":"stopped: runs in flight were handed back to the queue"');
    expect(result.stdout).not.toContain('stopping at once');
  }, 120_000);
});
