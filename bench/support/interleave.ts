// Peers measured side by side on a noisy 2-core machine: short rounds that take turns (the first target
// of each round rotates), so a burst of outside load falls on every peer alike. The figure of a target is
// the median of its rounds.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export interface Target {
  label: string;
  /** One URL, or several served by replicas of one deployment: autocannon spreads the connections over them. */
  urls: string[];
  headers?: Record<string, string>;
  /**
   * The server's process (Linux): its CPU time per request is measured too, with its child
   * processes (tsx runs the server in one). Less noisy than req/s when the load generator shares
   * the machine.
   */
  pid?: number;
}

export interface Measured {
  /** Median over the rounds. */
  rps: number;
  /** Median of the rounds' p99, in ms. */
  p99: number;
  rounds: Array<{ rps: number; p99: number }>;
  /** CPU time of the server per request over all rounds, in µs; null without a pid or /proc. */
  cpuMicrosPerRequest: number | null;
}

export interface LoadOptions {
  rounds: number;
  /** Seconds of load per target per round. */
  seconds: number;
  connections: number;
}

async function once(target: Target, connections: number, duration: number) {
  const url = target.urls.length === 1 ? target.urls[0]! : target.urls;
  const r = await autocannon({ url, connections, duration, headers: target.headers ?? {} });
  if (r.non2xx > 0 || r.errors > 0) {
    console.warn(`  warning: ${r.non2xx} non-2xx and ${r.errors} errors from ${target.label}`);
  }
  return { rps: r.requests.average, p99: r.latency.p99, requests: r.requests.total };
}

/** CPU milliseconds used so far by a process and its descendants; null where /proc cannot tell. */
export function cpuMillis(pid: number): number | null {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 Hz).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    let ms = (Number(fields[11]) + Number(fields[12])) * 10;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(' ') : []) ms += cpuMillis(Number(child)) ?? 0;
    return ms;
  } catch {
    return null;
  }
}

/** Warms every target (2 s: JIT and caches hot), then runs `rounds` rounds in rotating order. */
export async function measureInterleaved(targets: Target[], options: LoadOptions): Promise<Map<string, Measured>> {
  for (const t of targets) await once(t, options.connections, 2);
  const results = new Map<string, Measured>(
    targets.map((t) => [t.label, { rps: 0, p99: 0, rounds: [], cpuMicrosPerRequest: null }]),
  );
  const cpu = new Map(targets.map((t) => [t.label, { ms: 0, requests: 0, known: t.pid !== undefined }]));
  for (let r = 0; r < options.rounds; r++) {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[(r + i) % targets.length]!;
      const before = t.pid === undefined ? null : cpuMillis(t.pid);
      const { rps, p99, requests } = await once(t, options.connections, options.seconds);
      results.get(t.label)!.rounds.push({ rps, p99 });
      const after = t.pid === undefined ? null : cpuMillis(t.pid);
      const used = cpu.get(t.label)!;
      if (before === null || after === null) used.known = false;
      else {
        used.ms += after - before;
        used.requests += requests;
      }
    }
  }
  for (const [label, m] of results) {
    m.rps = median(m.rounds.map((x) => x.rps));
    m.p99 = median(m.rounds.map((x) => x.p99));
    const used = cpu.get(label)!;
    if (used.known && used.requests > 0) m.cpuMicrosPerRequest = (used.ms * 1000) / used.requests;
  }
  return results;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** "SQLite 7700 / 7650 / 7810 req/s" for the log, so the spread between rounds is visible. */
export function describeRounds(label: string, m: Measured): string {
  const cpu = m.cpuMicrosPerRequest === null ? '' : `, ${m.cpuMicrosPerRequest.toFixed(1)} µs CPU per request`;
  return `${label}: ${m.rounds.map((x) => Math.round(x.rps)).join(' / ')} req/s, p99 ${m.rounds.map((x) => x.p99).join(' / ')} ms${cpu}`;
}
