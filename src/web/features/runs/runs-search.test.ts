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
