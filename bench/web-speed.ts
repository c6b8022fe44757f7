// Issue #33's figures, side by side in one run: the first page's LCP beside a static page of the
// same list and beside the dashboard before the change, the initial JavaScript, and each in-app
// move's p95. A gate, not a timed test: it sets a failing exit code when a move passes 100 ms p95 or
// the LCP passes 2x the static page, with a tolerance that grows with the machine's load.
import type { Browser, Page } from '@playwright/test';
import { cpus, loadavg } from 'node:os';
import type { Figure } from './service-bench';
import {
  apiGet,
  buildSpa,
  connectPage,
  launchChromium,
  returningVisitor,
  startWebServer,
  type WebServer,
} from './support/browser';
import { installMoveProbe } from './support/moves';
import { LCP_GOAL_RATIO, MOVE_GOAL_MS, pastGoal, speedTolerance } from './support/speed-gate';
import { BEFORE_COMMIT, buildCommit, serveStaticList } from './support/web-peers';
import { initialJs, lcpRounds, scriptsByIdle } from './web-first-page';
import { MOVES, openList, tour, type Move } from './web-moves';

const LCP_ROUNDS = Number(process.env.BENCH_LCP_ROUNDS ?? 7);
/** 0 leaves the moves out (to measure the first page alone). */
const MOVE_TOURS = Number(process.env.BENCH_MOVE_TOURS ?? 8);
const JS_GOAL_KB = 130;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Nearest-rank p95. */
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;
const loadPerCore = () => loadavg()[0]! / cpus().length;

/** Runs the bench opens from the runs list, one per tour in turn. */
const SEEDED_RUNS = 3;

/** The demo workflows with an input form: the tours open another one each time. */
async function formWorkflows(server: WebServer): Promise<string[]> {
  const list = await apiGet<{ data: Array<{ id: string }> }>(server, '/workflows?limit=50');
  const ids: string[] = [];
  for (const w of list.data) {
    const detail = await apiGet<{ input_schema: unknown }>(server, `/workflows/${w.id}`);
    if (detail.input_schema !== null) ids.push(w.id);
  }
  return ids;
}

/** A few finished runs of the demo workflow "Company Brief", for the run pages and lists. */
async function seedRuns(server: WebServer): Promise<void> {
  const list = await apiGet<{ data: Array<{ id: string; name: string }> }>(server, '/workflows?limit=50');
  const wid = list.data.find((w) => w.name === 'Company Brief')?.id;
  if (wid === undefined) throw new Error('the demo workflow "Company Brief" is missing');
  const headers = { 'x-api-key': server.key, 'content-type': 'application/json' };
  for (let i = 0; i < SEEDED_RUNS; i++) {
    const input = { company_name: `Bench ${i}`, website: 'https://example.com', tone: 'formal' };
    const res = await fetch(`${server.api}/workflows/${wid}/executions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ input }),
    });
    if (!res.ok) throw new Error(`starting a run: ${res.status} ${await res.text()}`);
  }
  for (let tries = 0; tries < 100; tries++) {
    const runs = await apiGet<{ data: Array<{ status: string }> }>(server, `/workflows/${wid}/executions?limit=10`);
    if (runs.data.length >= SEEDED_RUNS && runs.data.every((r) => r.status === 'finished')) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the seeded runs did not finish');
}

interface Peer {
  label: string;
  server: WebServer;
  forms: string[];
}

async function movesPage(browser: Browser, peer: Peer): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await connectPage(page, peer.server.key);
  await installMoveProbe(page);
  await openList(page, peer.server.origin);
  // One unmeasured tour: the tab is warm (chunks fetched) as a person's would be.
  await tour(page, peer.forms[0]!, 1);
  return page;
}

/** The first page's figures: initial JS, and LCP beside the static page's and before's. */
async function measureFirstPage(browser: Browser, now: Peer, before: Peer, staticUrl: string) {
  const figures: Figure[] = [];
  const js = { now: await initialJs(now.server.origin), before: await initialJs(before.server.origin) };
  const idle = {
    now: await scriptsByIdle(browser, now.server.origin),
    before: await scriptsByIdle(browser, before.server.origin),
  };
  const kb = (b: number) => Math.round(b / 102.4) / 10;
  figures.push({
    name: `initial JS of /workflows, gzip (${BEFORE_COMMIT}: ${kb(js.before)} kB)`,
    value: kb(js.now),
    unit: 'kB',
    goal: `≤ ${JS_GOAL_KB} kB`,
    ok: js.now <= JS_GOAL_KB * 1024,
  });
  figures.push({
    name: `  all JS by network idle, incl. after first paint (${BEFORE_COMMIT}: ${kb(idle.before)} kB)`,
    value: kb(idle.now),
    unit: 'kB',
  });

  // A returning visitor of each: what one visit with the key remembered left in the browser.
  const visitor = {
    now: await returningVisitor(browser, now.server.origin, now.server.key),
    before: await returningVisitor(browser, before.server.origin, before.server.key),
  };
  console.log(`    LCP, ${LCP_ROUNDS} interleaved rounds (load per core ${loadPerCore().toFixed(1)})…`);
  const lcp = await lcpRounds(
    browser,
    [
      ['static', staticUrl],
      ['before', `${before.server.origin}/workflows`, visitor.before],
      ['now', `${now.server.origin}/workflows`, visitor.now],
    ],
    LCP_ROUNDS,
  );
  for (const [label, runs] of lcp) console.log(`    LCP ${label}: ${runs.map(Math.round).join(', ')} ms`);
  const [staticMs, beforeMs, nowMs] = ['static', 'before', 'now'].map((l) => Math.round(median(lcp.get(l)!)));
  const ratio = (ms: number) => Math.round((ms / staticMs!) * 100) / 100;
  figures.push({
    name: `LCP of /workflows, 4x CPU, median of ${LCP_ROUNDS} (static ${staticMs} ms, ${BEFORE_COMMIT} ${beforeMs} ms)`,
    value: nowMs!,
    unit: 'ms',
  });
  figures.push({
    name: `  LCP ÷ static page's (${BEFORE_COMMIT}: ${ratio(beforeMs!)}x)`,
    value: ratio(nowMs!),
    unit: 'x',
    goal: `≤ ${LCP_GOAL_RATIO}x`,
    ok: ratio(nowMs!) <= LCP_GOAL_RATIO,
  });
  return { figures, staticLcp: lcp.get('static')! };
}

/** Each move's p95 for `now` beside `before`, in interleaved tours. */
async function measureMoves(browser: Browser, now: Peer, before: Peer): Promise<Figure[]> {
  console.log(`    moves, ${MOVE_TOURS} interleaved tours (load per core ${loadPerCore().toFixed(1)})…`);
  const pages = { now: await movesPage(browser, now), before: await movesPage(browser, before) };
  const times = { now: new Map<Move, number[]>(), before: new Map<Move, number[]>() };
  for (let r = 0; r < MOVE_TOURS; r++) {
    const order = r % 2 === 0 ? (['now', 'before'] as const) : (['before', 'now'] as const);
    for (const which of order) {
      const peer = which === 'now' ? now : before;
      const got = await tour(pages[which], peer.forms[(r + 1) % peer.forms.length]!, (r % SEEDED_RUNS) + 1);
      for (const [move, ms] of got) times[which].set(move, [...(times[which].get(move) ?? []), ms]);
    }
  }
  const figures: Figure[] = [];
  for (const move of MOVES) {
    const nowP95 = Math.round(p95(times.now.get(move)!));
    const beforeP95 = Math.round(p95(times.before.get(move)!));
    console.log(`    ${move}: ${times.now.get(move)!.map(Math.round).join(', ')} ms`);
    figures.push({
      name: `  ${move} p95 (${BEFORE_COMMIT} ${beforeP95} ms)`,
      value: nowP95,
      unit: 'ms',
      goal: `≤ ${MOVE_GOAL_MS} ms`,
      ok: nowP95 <= MOVE_GOAL_MS,
    });
  }
  await pages.now.context().close();
  await pages.before.context().close();
  return figures;
}

/** Every figure of issue #33 for `now` beside `before`; sets a failing exit code past the gate. */
async function measure(browser: Browser, now: Peer, before: Peer, staticUrl: string): Promise<Figure[]> {
  const firstPage = await measureFirstPage(browser, now, before, staticUrl);
  const moves = MOVE_TOURS > 0 ? await measureMoves(browser, now, before) : [];
  const figures = [...firstPage.figures, ...moves];
  const load = loadPerCore();
  console.log(`    load per core at the end: ${load.toFixed(1)}`);
  const slack = speedTolerance(firstPage.staticLcp, load);
  const over = pastGoal(figures, slack);
  console.log(
    `    gate: tolerance ${slack.toFixed(2)}x (load, static page's spread); ${over.length} figure(s) past it`,
  );
  for (const f of over) console.error(`    past its goal with tolerance: ${f.name.trim()} = ${f.value} ${f.unit}`);
  if (over.length > 0) process.exitCode = 1;
  return figures;
}

/** The figures of issue #33. `built`: dist is already built from the sources as they are. */
export async function runWebSpeed(browser: Browser, built: boolean): Promise<Figure[]> {
  if (!built) buildSpa();
  console.log(`  building ${BEFORE_COMMIT} for the figures before…`);
  const checkout = buildCommit(BEFORE_COMMIT);
  const servers: WebServer[] = [];
  const stopStatic: Array<() => Promise<void>> = [];
  try {
    const serve = async (root?: string) => {
      const s = await startWebServer({ timeScale: 0, rateLimit: 1_000_000, ...(root ? { root } : {}) });
      servers.push(s);
      return s;
    };
    const nowServer = await serve();
    const beforeServer = await serve(checkout.dir);
    await Promise.all([seedRuns(nowServer), seedRuns(beforeServer)]);
    const now: Peer = { label: 'now', server: nowServer, forms: await formWorkflows(nowServer) };
    const before: Peer = { label: 'before', server: beforeServer, forms: await formWorkflows(beforeServer) };
    const list = await apiGet<{ data: Array<{ name: string; description: string }> }>(nowServer, '/workflows?limit=50');
    const page = await serveStaticList(list.data);
    stopStatic.push(page.stop);
    return await measure(browser, now, before, page.url);
  } finally {
    for (const stop of stopStatic) await stop();
    for (const s of servers) await s.stop();
    checkout.remove();
  }
}

/** `npm run bench speed`: only these figures, in their own browser. */
export async function runWebSpeedBench(): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    return await runWebSpeed(browser, false);
  } finally {
    await browser.close();
  }
}
