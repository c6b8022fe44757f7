import { describe, expect, it } from 'vitest';
import { stepsFor } from './step-indicator';

const states = (status: Parameters<typeof stepsFor>[0], saw = false) =>
  stepsFor(status, saw).map((s) => `${s.label}:${s.state}`);

describe('stepsFor', () => {
  it('marks the current step and leaves later ones upcoming', () => {
    expect(states('processing')).toEqual([
      'Queued:done',
      'Processing:current',
      'Waiting for approval:upcoming',
      'Finished:upcoming',
    ]);
  });
  it('shows approval as current while waiting for a person', () => {
    expect(states('human_in_the_loop')[2]).toBe('Waiting for approval:current');
  });
  it('shows approval skipped for a run that never needed it', () => {
    expect(states('finished')).toEqual([
      'Queued:done',
      'Processing:done',
      'Waiting for approval:skipped',
      'Finished:done',
    ]);
    expect(states('finished', true)[2]).toBe('Waiting for approval:done');
  });
  it('ends in a failed Error step on error', () => {
    expect(states('error').at(-1)).toBe('Error:failed');
  });
});
