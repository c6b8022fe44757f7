import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import { startFakeModel, type FakeModel } from '../test-support/fake-model';
import { queueRuns } from '../test-support/runs';
import { reportStep, startTestService, type TestService } from '../test-support/test-service';

/** 40,000 items: about 400,000 characters of input, within what a run may be given. */
const list = Array.from({ length: 40_000 }, (_, i) => `item ${i}`);

let fake: FakeModel;
let svc: TestService;

beforeAll(async () => {
  fake = await startFakeModel();
  svc = await startTestService({ WORKFLOW_MODEL_URL: fake.url, WORKFLOW_MODEL: 'fake-writer' });
  // The pool's threads start with the first step; that start is not what is measured here.
  await run([reportStep('warm.md')], {});
  await svc.call('GET', '/healthz', { key: null });
});
afterAll(async () => {
  await svc.close();
  await fake.close();
});

async function run(steps: StepSpec[], input: Record<string, unknown>) {
  const workflowId = await svc.addWorkflow({ steps });
  await queueRuns(svc, workflowId, [input]);
  await svc.engine.idle();
}

/** The longest /healthz took to answer (from when it was due), probing every 10 ms while `work` goes on. */
async function worstHealthz(work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => (done = true));
  let worst = 0;
  while (!done) {
    const due = performance.now() + 10;
    await sleep(10);
    const res = await svc.call('GET', '/healthz', { key: null });
    expect(res.status).toBe(200);
    worst = Math.max(worst, performance.now() - due);
  }
  return worst;
}

/**
 * How much longer /healthz took at worst during `work` than with the service idle for as long: on a
 * machine shared with other tests, the idle figure alone can reach tens of milliseconds.
 */
async function latencyOfRun(steps: StepSpec[], input: Record<string, unknown>) {
  const workflowId = await svc.addWorkflow({ steps });
  const idle = await worstHealthz(sleep(400));
  let executionId = '';
  const busy = await worstHealthz(
    (async () => {
      executionId = (await queueRuns(svc, workflowId, [input]))[0]!.id;
      await svc.engine.idle();
    })(),
  );
  return { idle, busy, executionId };
}

async function failureOf(executionId: string): Promise<string | null> {
  return (await svc.store.executions.byId(executionId))?.error ?? null;
}

const writeStep = (instructions: string): StepSpec => ({
  kind: 'model_write',
  filename: 'letter.md',
  instructions,
  format: 'markdown',
});

// A burst from another suite on a two-core machine can stall the process past the margin once;
// work on the event loop stalls /healthz on every try, so a second and third try tell the two apart.
describe('a writing step whose instructions a model wrote', { retry: 2 }, () => {
  it('is refused when it loops over the input inside a loop over it, and /healthz answers meanwhile', async () => {
    const { idle, busy, executionId } = await latencyOfRun(
      [
        writeStep(
          'Compare every pair: {% for a in input.list %}{% for b in input.list %}{{ a }}{{ b }}{% endfor %}{% endfor %}',
        ),
      ],
      { list },
    );
    console.log(`nested loop: /healthz at worst ${busy.toFixed(1)} ms during the run, ${idle.toFixed(1)} ms idle`);
    expect(busy - idle).toBeLessThanOrEqual(100);
    expect(await failureOf(executionId)).toBe(
      'the template loops over input.list inside a loop over input.list, so its work would grow with the square of the input’s size; loop over one list at a time',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('fails past its 200 ms budget, filled in on the worker pool, and /healthz answers meanwhile', async () => {
    const { idle, busy, executionId } = await latencyOfRun(
      // A fixed inner range (allowed: its cost does not grow with the input) makes the work long on a fast,
      // quiet machine too; a single pass over 40,000 items can finish inside 200 ms there.
      [
        writeStep(
          'List them: {% for item in input.list %}{% for n in (1..25) %}{{ item | upcase | downcase | capitalize }} {% endfor %}{% endfor %}',
        ),
      ],
      { list },
    );
    console.log(`slow loop: /healthz at worst ${busy.toFixed(1)} ms during the run, ${idle.toFixed(1)} ms idle`);
    expect(busy - idle).toBeLessThanOrEqual(100);
    expect(await failureOf(executionId)).toBe(
      'this input makes the template too large or too slow to fill in (a template limit was reached)',
    );
    expect(fake.requests).toHaveLength(0);
  });
});
