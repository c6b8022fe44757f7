import { afterAll, describe, expect, it } from 'vitest';
import { reportStep } from '../test-support/test-service';
import { closeStepPool, planOffThread, runStepOffThread, warmStepPool } from './step-pool';

afterAll(() => closeStepPool());

/** 6,000-character prompts of a shape that takes the planner tens of milliseconds each. */
const longPrompt = (n: number) => `Summarize the notes ${n} ${'Summarize the notes '.repeat(300)}`.slice(0, 6_000);

describe('the step pool', () => {
  it("starts an account's step while a burst of long prompts is being planned, not after the whole burst", async () => {
    warmStepPool();
    // The threads are up once a first plan comes back.
    await planOffThread('Summarize meeting notes', {});
    const ended: string[] = [];
    const plans = Array.from({ length: 12 }, (_, n) =>
      planOffThread(longPrompt(n), {}).then(
        () => ended.push('plan'),
        () => ended.push('plan'),
      ),
    );
    const step = runStepOffThread(
      reportStep(),
      { input: { name: 'B' }, files: [], previous: [] },
      new AbortController().signal,
      'account-b',
    ).then(() => ended.push('step'));
    await Promise.all([...plans, step]);
    // Plans once went straight into the pool's first-in-first-out queue, so the step ended after all 12.
    // Half the burst is the bound: on a loaded machine a few plans that already held a thread end first.
    expect(ended.indexOf('step')).toBeLessThanOrEqual(6);
  }, 60_000);
});
