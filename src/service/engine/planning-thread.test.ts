import { describe, expect, it, vi } from 'vitest';
import type { WorkflowCreateResponse, WorkflowDetail } from '../../contract/openapi-document';
import type * as Planner from '../planner/plan';
import { useTestService } from '../test-support/use-service';

const OFF_THREAD = 'planned off the HTTP thread';

// Planning this prompt on the service's own thread fails: only a pool thread, with the real planner, can plan it.
vi.mock('../planner/plan', async (original) => {
  const real = await original<typeof Planner>();
  return {
    ...real,
    planWorkflow: (prompt: string, given: Parameters<typeof real.planWorkflow>[1]) => {
      if (prompt.includes(OFF_THREAD)) throw new Error('planned on the HTTP thread');
      return real.planWorkflow(prompt, given);
    },
  };
});

const svc = useTestService();

async function planned(prompt: string): Promise<WorkflowDetail> {
  const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', { body: { prompt } });
  await svc.engine.idle();
  return (await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`)).body;
}

describe('planning on the worker pool', () => {
  it('plans a new workflow on a pool thread, not the one answering requests', async () => {
    const detail = await planned(`Summarize meeting notes (${OFF_THREAD})`);
    expect(detail).toMatchObject({ status: 'ready' });
    expect(detail.input_schema).not.toBeNull();
  });

  it('still says why a prompt cannot be planned', async () => {
    const detail = await planned(`zorblax the frobnicator ${OFF_THREAD.replaceAll(' ', '')}`);
    expect(detail).toMatchObject({ status: 'failed' });
    expect(detail.planning_error).toMatch(/e\.g\. "/);
  });
});
