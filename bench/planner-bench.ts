// Issue #20's planner stall: GET execution latency while long prompts are planned at 100 a minute,
// beside the same GETs with no planning, and beside what planning one such prompt costs a thread
// (the stall every request would meet if it still ran on the HTTP thread). Also issue #30's prompt
// sets (planner-sets.ts): development, the two held-out sets and older, each before and after.
import autocannon from 'autocannon';
import { planWorkflow, PlanningError } from '../src/service/planner/plan';
import { sleep } from './support/processes';
import { promptSetFigures } from './planner-sets';
import { json, KEY, round, withFinishedRun } from './support/service-api';
import type { Figure } from './service-bench';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const PER_MINUTE = 100;
const GOAL_MS = 100;

/** 4,000-character prompts of the shapes that once made the planner's patterns quadratic, and others. */
const PROMPTS = [
  `Summarize the ${'a-'.repeat(2000)}`.slice(0, 4000),
  'A-'.repeat(2000),
  'Summarize the notes '.repeat(200),
  `Summarize ${'state-of-the-art-'.repeat(250)}`.slice(0, 4000),
  `Extract ${'a.b-c@d-e.co '.repeat(320)}`.slice(0, 4000),
  `Summarize ${'https://a-b.c/d-e?f=g '.repeat(190)}`.slice(0, 4000),
];

/** Slowest time planning one of the prompts takes on this thread, best of a few tries each. */
function inThreadMs(): number {
  return Math.max(
    ...PROMPTS.map((prompt) => {
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        // A prompt the rules refuse ("A-A-A-…") costs the thread as much as one they plan.
        try {
          planWorkflow(prompt, {});
        } catch (error) {
          if (!(error instanceof PlanningError)) throw error;
        }
        best = Math.min(best, performance.now() - started);
      }
      return best;
    }),
  );
}

async function getLatency(url: string) {
  // A light, steady client: the figure is how long one GET waits, not throughput.
  const r = await autocannon({ url, connections: 2, duration: Math.max(4, DURATION), headers: { 'x-api-key': KEY } });
  return { p99: r.latency.p99, max: r.latency.max };
}

export async function runPlannerBench(): Promise<Figure[]> {
  return withFinishedRun('planner', async (local, url) => {
    const quiet = await getLatency(url);
    let planning = true;
    let planned = 0;
    const planner = (async () => {
      for (let n = 0; planning; n++) {
        const next = performance.now() + 60_000 / PER_MINUTE;
        await json(`${local.base}/workflows`, {
          method: 'POST',
          body: JSON.stringify({ prompt: PROMPTS[n % PROMPTS.length] }),
        });
        planned += 1;
        await sleep(Math.max(0, next - performance.now()));
      }
    })();
    const loaded = await getLatency(url);
    planning = false;
    await planner;
    console.log(`  (${planned} workflows of 4,000-character prompts created and planned during the measurement)`);
    const ownThread = inThreadMs();
    const sets = await promptSetFigures();
    return [
      { name: 'GET execution p99, no planning', value: quiet.p99, unit: 'ms' },
      { name: 'GET execution max, no planning (the machine’s own noise)', value: quiet.max, unit: 'ms' },
      { name: 'GET execution p99, planning 100 long prompts a minute', value: loaded.p99, unit: 'ms' },
      {
        name: 'GET execution max, planning 100 long prompts a minute',
        value: loaded.max,
        unit: 'ms',
        goal: `≤ ${GOAL_MS} ms`,
        ok: loaded.max <= GOAL_MS,
      },
      { name: 'planning one such prompt, slowest shape, on one thread', value: round(ownThread), unit: 'ms' },
      ...sets,
    ];
  });
}
