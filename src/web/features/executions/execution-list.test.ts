import { describe, expect, it } from 'vitest';
import type { ExecutionListItem } from '@contract/openapi-document';
import { filterExecutions } from './execution-list';

const e = (id: string, status: ExecutionListItem['status']): ExecutionListItem => ({
  id,
  workflow_id: 'w',
  status,
  created_at: 't',
});
const all = [e('a', 'initial'), e('b', 'processing'), e('c', 'human_in_the_loop'), e('d', 'finished'), e('f', 'error')];

describe('filterExecutions', () => {
  it('keeps everything for "all"', () => {
    expect(filterExecutions(all, 'all')).toHaveLength(5);
  });
  it('treats every non-terminal status as active', () => {
    expect(filterExecutions(all, 'active').map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });
  it('matches one exact status', () => {
    expect(filterExecutions(all, 'error').map((x) => x.id)).toEqual(['f']);
  });
});
