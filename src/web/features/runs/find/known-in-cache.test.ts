import { describe, expect, it } from 'vitest';
import { knownIn } from './known-in-cache';

const W = '11111111-1111-4111-8111-111111111111';
const E = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

describe('knownIn', () => {
  it('finds workflows and runs in lists, feed pages and details, by their shape', () => {
    const workflowList = {
      pages: [
        { data: [{ id: W, name: 'Invoices', description: '', created_at: 'c', updated_at: 'u', status: 'ready' }] },
      ],
    };
    const feed = { pages: [{ items: [{ id: E, workflow_id: W, status: 'error', created_at: 't' }], requests: 1 }] };
    const detail = {
      id: W,
      name: 'Invoices',
      updated_at: 'u',
      input_schema: { properties: { id: { type: 'string' } } },
    };
    expect(
      knownIn([
        { data: workflowList, updatedAt: 1 },
        { data: feed, updatedAt: 2 },
        { data: detail, updatedAt: 3 },
        { data: undefined, updatedAt: 0 },
      ]),
    ).toEqual({
      workflows: [{ id: W, name: 'Invoices', updated_at: 'u', status: undefined }],
      runs: [{ id: E, workflow_id: W, status: 'error', created_at: 't', workflow_name: undefined }],
    });
  });
  it('keeps the most recently read copy, and a workflow name from any copy of a run', () => {
    const older = {
      items: [{ id: E, workflow_id: W, status: 'processing', created_at: 't', workflow_name: 'Invoices' }],
    };
    const newer = { id: E, workflow_id: W, status: 'finished', created_at: 't' };
    expect(
      knownIn([
        { data: older, updatedAt: 1 },
        { data: newer, updatedAt: 2 },
      ]).runs,
    ).toEqual([{ id: E, workflow_id: W, status: 'finished', created_at: 't', workflow_name: 'Invoices' }]);
  });
  it('ignores things that are not workflows or runs', () => {
    expect(knownIn([{ data: { id: 'x', name: 'n', updated_at: 'u', status: 'weird' }, updatedAt: 1 }])).toEqual({
      workflows: [],
      runs: [],
    });
  });
});
