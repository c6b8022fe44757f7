import { describe, expect, it } from 'vitest';
import type { WorkflowRecord } from '../store/records';
import { PlanCache } from './plans';

const STEPS = JSON.stringify([{ kind: 'markdown_report', template: '# Hello' }, { kind: 'bundle' }]);

/** The columns PlanCache reads of a ready workflow. */
const ready = (id: string, steps = STEPS, inputSchema: string | null = null) =>
  ({ id, status: 'ready', steps, input_schema: inputSchema }) as WorkflowRecord;

describe('PlanCache', () => {
  it('parses a plan once, and again after a re-plan through another replica changed its stored text', () => {
    const plans = new PlanCache();
    const first = plans.get(ready('w1'));
    expect(plans.get(ready('w1'))).toBe(first);
    const replanned = plans.get(ready('w1', STEPS, '{"type":"object"}'));
    expect(replanned).not.toBe(first);
    expect(replanned?.inputSchema).toEqual({ type: 'object' });
  });

  it('drops a re-planned or deleted workflow’s plan', () => {
    const plans = new PlanCache();
    plans.get(ready('w1'));
    const before = plans.bytes;
    plans.forget('w1');
    expect(before).toBeGreaterThan(0);
    expect(plans.bytes).toBe(0);
  });

  it('stays within its byte and count limits however many workflows are read', () => {
    const limits = { maxBytes: 200_000, maxEntries: 50 };
    const plans = new PlanCache(limits);
    const long = JSON.stringify([{ kind: 'markdown_report', template: 'x'.repeat(2000) }, { kind: 'bundle' }]);
    const first = plans.get(ready('w0', long));
    for (let i = 1; i < 500; i++) plans.get(ready(`w${i}`, long));
    expect(plans.bytes).toBeLessThanOrEqual(limits.maxBytes);
    expect(plans.get(ready('w0', long))).not.toBe(first);
    const counted = new PlanCache({ maxBytes: 10_000_000, maxEntries: 3 });
    const kept = counted.get(ready('w0'));
    for (let i = 1; i <= 3; i++) counted.get(ready(`w${i}`));
    expect(counted.get(ready('w0'))).not.toBe(kept);
  });
});
