import { describe, expect, it } from 'vitest';
import { filterWorkflows } from './workflow-list';

const w = (name: string, description = '') => ({ id: name, name, description, created_at: 't', updated_at: 't' });

describe('filterWorkflows', () => {
  const all = [
    w('Company brief', 'Writes a one-page brief'),
    w('Meeting digest', 'Summarizes notes'),
    w('CSV builder'),
  ];
  it('keeps everything for an empty query', () => {
    expect(filterWorkflows(all, '  ')).toHaveLength(3);
  });
  it('matches every word in name or description, ignoring case', () => {
    expect(filterWorkflows(all, 'BRIEF page').map((x) => x.name)).toEqual(['Company brief']);
    expect(filterWorkflows(all, 'notes').map((x) => x.name)).toEqual(['Meeting digest']);
    expect(filterWorkflows(all, 'brief notes')).toEqual([]);
  });
});
