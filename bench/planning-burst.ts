// Issue #31's planning figure: the slowest GET execution while 20 workflows of pathological
// 6,000-character prompts are created at once and planned, beside the slowest with nothing planning.
// Planning runs on the step threads; what is left on the HTTP thread (the POST, receiving the plan
// from its thread, storing it) is what this measures. Rounds interleave quiet and burst; the figure
// is the median round's slowest GET. Knob: BENCH_ROUNDS (default 3).
import type { Figure } from './service-bench';
import { sleep } from './support/processes';
import { json, KEY, round, withFinishedRun } from './support/service-api';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BURST = 20;
const LENGTH = 6_000;
const GOAL_MS = 100;
const QUIET_MS = 3_000;

/** Shapes that once made the planner's patterns quadratic, and long lists of fields and outputs, cut to 6,000 characters. */
const SHAPES = [
  `Summarize the ${'a-'.repeat(LENGTH)}`,
  'A-'.repeat(LENGTH),
  'Summarize the notes '.repeat(LENGTH / 10),
  `Summarize ${'state-of-the-art-'.repeat(LENGTH / 10)}`,
  `Extract ${'a.b-c@d-e.co '.repeat(LENGTH / 10)}`,
  `Summarize ${'https://a-b.c/d-e?f=g '.repeat(LENGTH / 10)}`,
  `Given ${Array.from({ length: 400 }, (_, i) => `field ${i} (a number or a date)`).join(', ')}, write a CSV table, an HTML page, a PDF and a report of each`,
].map((prompt) => prompt.slice(0, LENGTH));

/** Two clients GET `url` back to back until `done()`; answers the slowest request in ms. */
async function slowestGet(url: string, done: () => boolean): Promise<number> {
  let slowest = 0;
  const client = async () => {
    while (!done()) {
      const started = performance.now();
      const res = await fetch(url, { headers: { 'x-api-key': KEY } });
      await res.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
    }
  };
  await Promise.all([client(), client()]);
  return slowest;
}

/** Creates BURST workflows at once and resolves when none is planning any more. */
async function burst(base: string, round: number): Promise<void> {
  const ids = await Promise.all(
    Array.from({ length: BURST }, (_, n) =>
      json<{ id: string }>(`${base}/workflows`, {
        method: 'POST',
        body: JSON.stringify({ prompt: `${round}${n} ${SHAPES[n % SHAPES.length]!}`.slice(0, LENGTH) }),
      }).then((w) => w.id),
    ),
  );
  for (const id of ids) {
    while ((await json<{ status: string }>(`${base}/workflows/${id}`)).status === 'planning') await sleep(20);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runPlanningBurst(): Promise<Figure[]> {
  return withFinishedRun('planning-burst', async (local, url) => {
    const quiet: number[] = [];
    const loaded: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const quietEnds = performance.now() + QUIET_MS;
      quiet.push(await slowestGet(url, () => performance.now() > quietEnds));
      let planned = false;
      const planning = burst(local.base, r).then(() => (planned = true));
      loaded.push(await slowestGet(url, () => planned));
      await planning;
    }
    const slowest = median(loaded);
    return [
      { name: 'GET execution, slowest, nothing planning (median round)', value: round(median(quiet)), unit: 'ms' },
      {
        name: `GET execution, slowest, while ${BURST} prompts of ${LENGTH.toLocaleString('en')} characters plan`,
        value: round(slowest),
        unit: 'ms',
        goal: `≤ ${GOAL_MS} ms`,
        ok: slowest <= GOAL_MS,
      },
    ];
  });
}
