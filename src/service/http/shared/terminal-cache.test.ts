import { describe, expect, it } from 'vitest';
import { EXECUTION_VIEW_COLUMNS } from '../../store/executions/table';
import type { ExecutionView } from '../../store/records';
import { TerminalExecutions } from './terminal-cache';

/** A run as a row holds it: a column added later (and not named here) is null, as in rows from before it. */
const unset = Object.fromEntries(EXECUTION_VIEW_COLUMNS.map((column) => [column, null])) as unknown as ExecutionView;

const run = (id: string, status: ExecutionView['status'], workflowId = 'w1'): ExecutionView => ({
  ...unset,
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
  it('serves a kept answer for a row read from a shared store only while the row is the one it was presented from', () => {
    const cache = new TerminalExecutions();
    cache.rememberAnswer('a1', run('e1', 'error'), 100, '{"id":"e1"}');
    expect(cache.answerFor(run('e1', 'error'), 100)).toBe('{"id":"e1"}');
    expect(cache.answerFor(run('e1', 'error'), 101)).toBeUndefined();
    // Another replica re-ran it, or it is now another workflow's or account's.
    expect(cache.answerFor(run('e1', 'initial'), 100)).toBeUndefined();
    expect(cache.answerFor({ ...run('e1', 'error'), error: 'another reason' }, 100)).toBeUndefined();
    expect(cache.answerFor(run('e1', 'error', 'w2'), 100)).toBeUndefined();
    expect(cache.answerFor({ ...run('e1', 'error'), account_id: 'a2' }, 100)).toBeUndefined();
  });

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

describe('TerminalExecutions limits', () => {
  const finished = (id: string, workflowId = 'w1') => run(id, 'finished', workflowId);

  it('stays under its byte limit however many answers are kept', () => {
    const limits = { maxBytes: 200_000, maxEntryBytes: 20_000, maxEntries: 20_000 };
    const cache = new TerminalExecutions(limits);
    for (let i = 0; i < 1000; i++) cache.rememberAnswer('a1', finished(`e${i}`), 100, `{"c":"${'é'.repeat(3000)}"}`);
    expect(cache.bytes).toBeGreaterThan(limits.maxBytes / 2);
    expect(cache.bytes).toBeLessThanOrEqual(limits.maxBytes);
    expect(cache.answer('a1', 'w1', 'e999', 100)).toBeDefined();
    expect(cache.answer('a1', 'w1', 'e0', 100)).toBeUndefined();
  });

  it('keeps at most its number of answers', () => {
    const cache = new TerminalExecutions({ maxBytes: 1_000_000, maxEntryBytes: 100_000, maxEntries: 2 });
    for (const id of ['e1', 'e2', 'e3']) cache.rememberAnswer('a1', finished(id), 100, '{}');
    expect(['e1', 'e2', 'e3'].map((id) => cache.answer('a1', 'w1', id, 100))).toEqual([undefined, '{}', '{}']);
  });

  it('does not keep an answer bigger than one entry may be, nor drop the others for it', () => {
    const cache = new TerminalExecutions({ maxBytes: 1_000_000, maxEntryBytes: 10_000, maxEntries: 100 });
    cache.rememberAnswer('a1', finished('small'), 100, '{}');
    cache.rememberAnswer('a1', finished('big'), 100, `{"c":"${'x'.repeat(10_000)}"}`);
    expect(cache.answer('a1', 'w1', 'big', 100)).toBeUndefined();
    expect(cache.get('a1', 'w1', 'big')).toBeUndefined();
    expect(cache.answer('a1', 'w1', 'small', 100)).toBe('{}');
  });
});
