// Service benchmarks: GET-execution throughput against the local service, a Prism mock of the same
// contract and a bare Fastify ceiling, all measured in one run; then batch accept and drain times.
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRounds, measureInterleaved, type Target } from './support/interleave';
import { sleep, startProcess, freePort } from './support/processes';
import {
  countUnfinished,
  finishedExecution,
  json,
  KEY,
  root,
  round,
  startService,
  tsx,
  waitTerminal,
} from './support/service-api';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal?: string;
  ok?: boolean;
}

async function latency(url: string, headers: Record<string, string>) {
  // A light, steady client (2 connections): the figure is how long one GET waits, not throughput.
  const r = await autocannon({ url, connections: 2, duration: Math.max(4, DURATION / 2), headers });
  return r.latency.p99;
}

/** A ready workflow whose plan summarises and extracts from a text input, and an input for it. */
async function textWorkflow(base: string): Promise<{ id: string; input: (text: string) => Record<string, unknown> }> {
  const created = await json<{ id: string }>(`${base}/workflows`, {
    method: 'POST',
    body: JSON.stringify({
      prompt: 'Summarize the notes and extract the e-mail addresses, dates and action items from the notes',
    }),
  });
  for (;;) {
    type Schema = { properties?: Record<string, { type?: string }>; required?: string[] };
    const detail = await json<{ status?: string; input_schema: Schema | null }>(`${base}/workflows/${created.id}`);
    if (detail.status !== 'planning') {
      const texts = Object.entries(detail.input_schema?.properties ?? {})
        .filter(([, schema]) => schema.type === 'string')
        .map(([name]) => name);
      if (texts.length === 0) throw new Error('the planner gave the notes workflow no text input');
      // The attack goes in the first text field; other text fields get a word each.
      const input = (text: string) => Object.fromEntries(texts.map((name, i) => [name, i === 0 ? text : 'x']));
      return { id: created.id, input };
    }
    await sleep(50);
  }
}

/**
 * Issue #9's stall figure: GET execution p99 while 5 runs on adversarial 100 KB inputs (the
 * inputs that once took seconds in summarize, the e-mail pattern and the table pattern) execute
 * without pause, beside the same figure with no attack.
 */
async function stallFigures(base: string, detailUrl: string): Promise<Figure[]> {
  const { id, input } = await textWorkflow(base);
  const attacks = ['A. '.repeat(33_000), 'a%'.repeat(50_000), `a|\n--${' '.repeat(99_990)}x`];
  const quiet = await latency(detailUrl, { 'x-api-key': KEY });
  let running = true;
  let runs = 0;
  const attacker = async (n: number) => {
    while (running) {
      const created = await json<{ execution_id: string }>(`${base}/workflows/${id}/executions`, {
        method: 'POST',
        body: JSON.stringify({ input: input(attacks[n % attacks.length]!) }),
      });
      await waitTerminal(base, id, created.execution_id);
      runs += 1;
    }
  };
  const attackers = Array.from({ length: 5 }, (_, n) => attacker(n));
  await sleep(500);
  const attacked = await latency(detailUrl, { 'x-api-key': KEY });
  running = false;
  await Promise.all(attackers);
  console.log(`  (${runs} adversarial 100 KB runs finished during the attacked measurement)`);
  return [
    { name: 'GET execution p99, no attack', value: quiet, unit: 'ms' },
    {
      name: 'GET execution p99, 5 adversarial 100 KB runs executing',
      value: attacked,
      unit: 'ms',
      goal: '≤ 50 ms',
      ok: attacked <= 50,
    },
  ];
}

async function prismBinary(): Promise<string | null> {
  const dir = join(root, 'bench/.cache/prism');
  const bin = join(dir, 'node_modules/.bin/prism');
  if (existsSync(bin)) return bin;
  console.log('  installing @stoplight/prism-cli into bench/.cache (first run only)…');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"name":"prism-cache","private":true}');
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--save-exact', '@stoplight/prism-cli@5.14.2'], {
      cwd: dir,
      stdio: 'ignore',
    });
  } catch {
    return null;
  }
  return existsSync(bin) ? bin : null;
}

export async function runServiceBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-'));
  const local = await startService(dataDir).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const stops: Array<() => Promise<void>> = [local.proc.stop];
  try {
    const { wid, detailPath } = await finishedExecution(local.base);

    // Ceiling: bare Fastify + better-sqlite3.
    const cport = await freePort();
    const ceiling = await startProcess(
      tsx,
      [join(root, 'bench/ceiling-server.ts'), String(cport)],
      {},
      `http://127.0.0.1:${cport}/ids`,
    );
    stops.push(ceiling.stop);
    const ids = (await (await fetch(`http://127.0.0.1:${cport}/ids`)).json()) as {
      workflowId: string;
      executionId: string;
    };

    // Prism, the mock a developer would otherwise run, serving the same contract document.
    let prismUrl: string | null = null;
    const prism = await prismBinary();
    if (prism) {
      const pport = await freePort();
      const p = await startProcess(
        prism,
        ['mock', '-h', '127.0.0.1', '-p', String(pport), join(root, 'src/contract/openapi.json')],
        {},
        `http://127.0.0.1:${pport}/workflows`,
        120_000,
      );
      stops.push(p.stop);
      prismUrl = `http://127.0.0.1:${pport}/workflows/${ids.workflowId}/executions/${ids.executionId}`;
    }

    const seconds = Math.max(2, Math.round(DURATION / 2));
    console.log(`  measuring GET execution, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${seconds} s…`);
    const headers = { 'x-api-key': KEY };
    const targets: Target[] = [
      { label: 'local', urls: [`${local.base}${detailPath}`], headers, pid: local.proc.child.pid },
      {
        label: 'ceiling',
        urls: [`http://127.0.0.1:${cport}/api/v1/workflows/${ids.workflowId}/executions/${ids.executionId}`],
        headers,
        pid: ceiling.child.pid,
      },
      ...(prismUrl ? [{ label: 'Prism', urls: [prismUrl], headers }] : []),
    ];
    const measured = await measureInterleaved(targets, { rounds: ROUNDS, seconds, connections: CONNECTIONS });
    for (const [label, m] of measured) console.log(`  ${describeRounds(label, m)}`);
    const localFig = measured.get('local')!;
    const ceilFig = measured.get('ceiling')!;
    const prismFig = measured.get('Prism') ?? null;

    figures.push({ name: 'GET execution, local service', value: Math.round(localFig.rps), unit: 'req/s' });
    figures.push({ name: 'GET execution, local service p99', value: localFig.p99, unit: 'ms' });
    figures.push({
      name: 'GET execution, bare Fastify + SQLite ceiling',
      value: Math.round(ceilFig.rps),
      unit: 'req/s',
    });
    figures.push({ name: 'GET execution, ceiling p99', value: ceilFig.p99, unit: 'ms' });
    if (prismFig) {
      figures.push({ name: 'GET execution, Prism mock', value: Math.round(prismFig.rps), unit: 'req/s' });
      figures.push({ name: 'GET execution, Prism p99', value: prismFig.p99, unit: 'ms' });
      const r = localFig.rps / prismFig.rps;
      figures.push({ name: 'ratio local / Prism', value: round(r), unit: 'x', goal: '≥ 10x', ok: r >= 10 });
    } else {
      console.log('  Prism could not be installed here; its ratio is skipped.');
    }
    const c = localFig.rps / ceilFig.rps;
    figures.push({ name: 'ratio local / ceiling', value: round(c * 100), unit: '%', goal: '≥ 70%', ok: c >= 0.7 });
    // The same ratio from each server's CPU time per request: the load generator shares the two
    // cores, so req/s swings with it, while the work per request barely does.
    if (localFig.cpuMicrosPerRequest !== null && ceilFig.cpuMicrosPerRequest !== null) {
      figures.push({ name: 'CPU per request, local service', value: round(localFig.cpuMicrosPerRequest), unit: 'µs' });
      figures.push({ name: 'CPU per request, ceiling', value: round(ceilFig.cpuMicrosPerRequest), unit: 'µs' });
      const byCpu = ceilFig.cpuMicrosPerRequest / localFig.cpuMicrosPerRequest;
      figures.push({ name: 'ratio local / ceiling, by CPU per request', value: round(byCpu * 100), unit: '%' });
    }

    console.log('  measuring GET execution latency with and without adversarial runs…');
    figures.push(...(await stallFigures(local.base, `${local.base}${detailPath}`)));

    // Batch accept and drain.
    const items = JSON.stringify({ items: Array.from({ length: 10_000 }, () => ({})), concurrency: 'high' });
    const t0 = performance.now();
    const batch = await json<{ total: number; executions: Array<{ execution_id: string }> }>(
      `${local.base}/workflows/${wid}/executions/batch`,
      { method: 'POST', body: items },
    );
    const accept = performance.now() - t0;
    figures.push({
      name: 'accept a batch of 10,000',
      value: Math.round(accept),
      unit: 'ms',
      goal: '≤ 1000 ms',
      ok: accept <= 1000,
    });
    const last = batch.executions[batch.executions.length - 1]!.execution_id;
    await waitTerminal(local.base, wid, last);
    let pending = Infinity;
    while (pending > 0) {
      pending = await countUnfinished(local.base, wid);
      if (pending > 0) await sleep(200);
    }
    const drain = performance.now() - t0;
    figures.push({
      name: 'drain 10,000 executions at time scale 0',
      value: round(drain / 1000),
      unit: 's',
      goal: '≤ 60 s',
      ok: drain <= 60_000,
    });
  } finally {
    for (const stop of stops.reverse()) await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
