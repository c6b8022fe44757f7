import { describe, expect, it } from 'vitest';
import type { WorkflowDetail } from '@contract/openapi-document';
import { planningPollDelay, planningState } from './workflows';

const detail = (over: Partial<WorkflowDetail>): WorkflowDetail => ({
  id: 'w',
  name: 'n',
  description: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  input_schema: null,
  ...over,
});
const created = {
  id: 'w',
  name: 'n',
  description: '',
  url: 'u',
  status: 'planning' as const,
  created_at: '2026-01-01T00:00:00Z',
};
const t0 = Date.parse('2026-01-01T00:00:00Z');

describe('planningState', () => {
  it('trusts the status extension when the server sends it', () => {
    expect(planningState(detail({ status: 'planning' }), undefined)).toBe('planning');
    expect(planningState(detail({ status: 'failed' }), undefined)).toBe('failed');
    expect(planningState(detail({ status: 'ready' }), created, t0)).toBe('ready');
  });

  it('treats a schema as ready on a plain v1 server', () => {
    expect(planningState(detail({ input_schema: { type: 'object' } }), created, t0)).toBe('ready');
  });

  it('says "maybe planning" for a null schema just after we created it, and ready later', () => {
    expect(planningState(detail({}), created, t0 + 5_000)).toBe('maybe-planning');
    expect(planningState(detail({}), created, t0 + 600_000)).toBe('ready');
    expect(planningState(detail({}), undefined, t0)).toBe('ready');
  });
});

describe('planningPollDelay', () => {
  it('grows from 1 s and stops growing at 15 s', () => {
    expect(planningPollDelay(1)).toBe(1000);
    expect(planningPollDelay(2)).toBe(1500);
    expect(planningPollDelay(30)).toBe(15_000);
  });
});
