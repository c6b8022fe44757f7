import { describe, expect, it } from 'vitest';
import type { ExecutionView } from '../store/records';
import { TerminalExecutions } from './terminal-cache';

const run = (id: string, status: ExecutionView['status'], workflowId = 'w1'): ExecutionView => ({
  id,
  account_id: 'a1',
  workflow_id: workflowId,
  batch_id: null,
  batch_cap: null,
  status,
  resume_step: 0,
  error: null,
  created_at: '2026-11-24T00:00:00.000000Z',
});

describe('TerminalExecutions', () => {
  it('remembers only ended runs, per account and workflow, and forgets a deleted workflow’s', () => {
    const cache = new TerminalExecutions();
    for (const status of ['initial', 'processing', 'human_in_the_loop'] as const)
      cache.rememberAnswer('a1', run(status, status), 100, '{}');
    cache.rememberAnswer('a1', run('e1', 'finished'), 100, '{"id":"e1"}');
    cache.rememberAnswer('a1', run('e2', 'error', 'w2'), 100, '{"id":"e2"}');
    expect(['initial', 'processing', 'human_in_the_loop'].map((id) => cache.get('a1', 'w1', id))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(cache.get('a1', 'w1', 'e1')?.status).toBe('finished');
    expect(cache.get('a2', 'w1', 'e1')).toBeUndefined();
    expect(cache.get('a1', 'w2', 'e1')).toBeUndefined();
    expect(cache.answer('a1', 'w1', 'e1', 100)).toBe('{"id":"e1"}');
    // Links of another expiry: the answer must be presented again.
    expect(cache.answer('a1', 'w1', 'e1', 101)).toBeUndefined();
    expect(cache.answer('a1', 'w1', 'initial', 100)).toBeUndefined();
    cache.forgetWorkflow('w1');
    expect(cache.answer('a1', 'w1', 'e1', 100)).toBeUndefined();
    expect(cache.get('a1', 'w1', 'e1')).toBeUndefined();
    expect(cache.get('a1', 'w2', 'e2')?.status).toBe('error');
  });
});
