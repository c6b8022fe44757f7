import type { TestService } from './test-service';

/** One sample line of the Prometheus text format: `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/i;
const LABEL = /\b([a-z_]\w*)="((?:[^"\\]|\\.)*)"/gi;

/** The samples of a scrape (comments skipped; label values unescaped). */
export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key!] = raw!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** Scrapes the service's /metrics with `token`, answering its samples (the scrape must succeed). */
export async function scrape(svc: TestService, token: string): Promise<Sample[]> {
  const reply = await svc.call<string>('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${token}` } });
  if (reply.status !== 200) throw new Error(`GET /metrics answered ${reply.status}: ${String(reply.raw.body)}`);
  return parseSamples(reply.body);
}
