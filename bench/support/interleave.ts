// Peers measured side by side on a noisy 2-core machine: short rounds that take turns (the first target
// of each round rotates), so a burst of outside load falls on every peer alike. The figure of a target is
// the median of its rounds.
import autocannon from 'autocannon';

export interface Target {
  label: string;
  /** One URL, or several served by replicas of one deployment: autocannon spreads the connections over them. */
  urls: string[];
  headers?: Record<string, string>;
}

export interface Measured {
  /** Median over the rounds. */
  rps: number;
  /** Median of the rounds' p99, in ms. */
  p99: number;
  rounds: Array<{ rps: number; p99: number }>;
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
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Warms every target (2 s: JIT and caches hot), then runs `rounds` rounds in rotating order. */
export async function measureInterleaved(targets: Target[], options: LoadOptions): Promise<Map<string, Measured>> {
  for (const t of targets) await once(t, options.connections, 2);
  const results = new Map<string, Measured>(targets.map((t) => [t.label, { rps: 0, p99: 0, rounds: [] }]));
  for (let r = 0; r < options.rounds; r++) {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[(r + i) % targets.length]!;
      results.get(t.label)!.rounds.push(await once(t, options.connections, options.seconds));
    }
  }
  for (const m of results.values()) {
    m.rps = median(m.rounds.map((x) => x.rps));
    m.p99 = median(m.rounds.map((x) => x.p99));
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
  return `${label}: ${m.rounds.map((x) => Math.round(x.rps)).join(' / ')} req/s, p99 ${m.rounds.map((x) => x.p99).join(' / ')} ms`;
}
