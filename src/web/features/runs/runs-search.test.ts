import { describe, expect, it } from 'vitest';
import { filterFromSearch, validateRunsSearch, withFilter, type RunsSearch } from './runs-search';

describe('runs search', () => {
  it('keeps a valid status, text and range', () => {
    expect(validateRunsSearch({ status: 'error', q: 'acme', range: '7d' })).toEqual({
      status: 'error',
      q: 'acme',
      range: '7d',
    });
  });

  it('hides bad values of the raw search the router lays the checked one over, so the list never sees a number as text', () => {
    const raw = { status: 5, q: 4.45e39, range: 'forever' };
    const search: Record<string, unknown> = { ...raw, ...validateRunsSearch(raw) };
    expect(search).toEqual({});
    expect(filterFromSearch(search as RunsSearch)).toEqual({ status: 'all' });
  });

  it('leaves the default status and empty text out of the address', () => {
    expect(withFilter({ status: 'error', q: 'acme' }, { status: 'all', q: '' })).toEqual({});
  });
});

describe('the workflow, started-by and batch filters in the URL', () => {
  it('keeps them as ids and gives them back as the filter', () => {
    const search = validateRunsSearch({ workflow: 'wf-1', by: 'key-2', batch: 'b-3', status: 'error' });
    expect(search).toEqual({
      status: 'error',
      q: undefined,
      range: undefined,
      workflow: 'wf-1',
      by: 'key-2',
      batch: 'b-3',
    });
    expect(filterFromSearch(search)).toMatchObject({ workflow: 'wf-1', startedBy: 'key-2', batch: 'b-3' });
  });

  it('drops a value that is not an id rather than failing the page', () => {
    expect(validateRunsSearch({ by: '<script>', workflow: 42, batch: 'x'.repeat(300) })).toMatchObject({
      by: undefined,
      workflow: undefined,
      batch: undefined,
    });
  });

  it('writes who started under `by`, and forgets the batch when the workflow changes', () => {
    const prev = validateRunsSearch({ workflow: 'wf-1', batch: 'b-3' });
    expect(withFilter(prev, { startedBy: 'key-2' })).toMatchObject({ workflow: 'wf-1', batch: 'b-3', by: 'key-2' });
    expect(withFilter(prev, { workflow: 'wf-9' })).toMatchObject({ workflow: 'wf-9', batch: undefined });
    expect(withFilter({ ...prev, by: 'key-2' }, { startedBy: undefined }).by).toBeUndefined();
  });
});
