import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { freePort, sleep } from './replica';

/** The haproxy binary (Debian's package puts it in /usr/sbin), or null when it is not installed. */
export function findHaproxy(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) if (dir && existsSync(join(dir, 'haproxy'))) return join(dir, 'haproxy');
  return null;
}

export interface Balancer {
  /** `http://127.0.0.1:<port>` of the frontend. */
  base: string;
  /** Each server's state as HAProxy's statistics give it ("UP", "DOWN", "UP 1/2", …). */
  states(): Promise<Record<string, string>>;
  /** Resolves once HAProxy counts `server` as UP. */
  until(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts HAProxy in the foreground in front of `servers` (name → port on 127.0.0.1), as the
 * operator's example in docs/service.md does: a check of GET /readyz every 200 ms, and a request
 * whose connection fails retried on the other server.
 */
export async function startHaproxy(binary: string, servers: Record<string, number>): Promise<Balancer> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'workflow-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  retries 3',
      '  option redispatch 1',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  default_backend replicas',
      'backend replicas',
      '  balance roundrobin',
      '  option httpchk GET /readyz',
      '  http-check expect status 200',
      '  default-server inter 200ms fall 2 rise 2',
      ...Object.entries(servers).map(([name, serverPort]) => `  server ${name} 127.0.0.1:${serverPort} check`),
      'listen stats',
      `  bind 127.0.0.1:${statsPort}`,
      '  stats enable',
      '  stats uri /stats',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const rows = csv.split('\n').map((line) => line.split(','));
    const header = rows[0]!.map((name) => name.replace(/^# /, ''));
    const column = (row: string[], name: string) => row[header.indexOf(name)] ?? '';
    return Object.fromEntries(
      rows
        .filter((row) => column(row, 'pxname') === 'replicas' && column(row, 'svname') in servers)
        .map((row) => [column(row, 'svname'), column(row, 'status')]),
    );
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited at start:\n${output}`);
    try {
      await states();
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`haproxy did not start: ${String(error)}\n${output}`);
      await sleep(50);
    }
  }

  return {
    base: `http://127.0.0.1:${port}`,
    states,
    async until(server, state, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      while ((await states())[server] !== state) {
        if (Date.now() > end)
          throw new Error(`haproxy did not see ${server} ${state}: ${JSON.stringify(await states())}`);
        await sleep(50);
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
