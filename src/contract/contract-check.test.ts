import { describe, expect, it } from 'vitest';
import * as c from './contract-check';
import { runCheck } from './contract-check';
import * as schemas from './contract-schemas.gen';

const execution = {
  id: 'e',
  workflow_id: 'w',
  status: 'finished',
  created_at: '2026-11-21T23:06:29.123456Z',
  results: [{ filename: 'a.md', url: 'http://f/a.md', content: '# A' }],
};

describe('the generated contract checks', () => {
  it('hand back the answer itself, with the fields the contract does not name', () => {
    const answer = { ...execution, progress: 0.5, results: [{ ...execution.results[0], size: 3 }] };
    const result = runCheck(schemas.ExecutionDetail, answer);
    expect(result).toEqual({ ok: true, value: answer });
    expect(result.ok && result.value).toBe(answer);
  });

  it('let optional fields be absent, and required nullable ones be null', () => {
    const { results: _results, ...item } = execution;
    expect(runCheck(schemas.ExecutionListItem, item).ok).toBe(true);
    expect(runCheck(schemas.ExecutionDetail, { ...item, results: null }).ok).toBe(true);
    expect(runCheck(schemas.WorkflowListPage, { data: [], cursor: null }).ok).toBe(true);
  });

  it('name each missing or wrong field by its place', () => {
    const { id: _id, ...noId } = execution;
    const result = runCheck(schemas.ExecutionListPage, {
      data: [execution, noId, { ...execution, status: 'paused', url: 3 }],
      cursor: 7,
    });
    expect(result.ok ? [] : result.problems).toEqual([
      { path: ['data', 1, 'id'], message: 'missing' },
      {
        path: ['data', 2, 'status'],
        message: '"paused" is not one of initial, processing, human_in_the_loop, finished, error',
      },
      { path: ['data', 2, 'url'], message: 'is number, not string' },
      { path: ['cursor'], message: 'is number, not string or null' },
    ]);
  });

  it('explain a failed alternative by the one of the same kind', () => {
    const result = runCheck(schemas.ExecutionDetail, { ...execution, results: [{ url: 'u' }] });
    expect(result.ok ? [] : result.problems).toEqual([{ path: ['results', 0, 'filename'], message: 'missing' }]);
  });

  it('need every part of an allOf: an account-wide item is a list item with a workflow name', () => {
    const { results: _results, ...item } = execution;
    expect(runCheck(schemas.AccountExecutionListItem, { ...item, workflow_name: 'Brief' }).ok).toBe(true);
    const result = runCheck(schemas.AccountExecutionListItem, { ...item, id: undefined });
    expect(result.ok ? [] : result.problems).toEqual([
      { path: ['id'], message: 'missing' },
      { path: ['workflow_name'], message: 'missing' },
    ]);
  });

  it('take a schema that says nothing about its value as anything, null included', () => {
    for (const value of [null, 0, 'x', [], {}]) expect(runCheck(c.unknown, value).ok).toBe(true);
  });
});
