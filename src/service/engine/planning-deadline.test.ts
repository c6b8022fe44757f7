import { afterAll, describe, expect, it } from 'vitest';
import type { WorkflowCreateResponse, WorkflowDetail } from '../../contract/openapi-document';
import { startFakeModel } from '../test-support/fake-model';
import { useTestService } from '../test-support/use-service';

const fake = await startFakeModel({ drip: true });
afterAll(() => fake.close());

const svc = useTestService({
  WORKFLOW_MODEL_URL: fake.url,
  WORKFLOW_MODEL: 'fake-llm',
  // Each call alone could take half a minute; planning as a whole may not.
  WORKFLOW_MODEL_TIMEOUT_MS: '30000',
  WORKFLOW_PLANNING_TIMEOUT_MS: '600',
});

describe('planning with a model that drips its answer', () => {
  it('stops at the planning deadline and lets the rules plan, with a note saying so', async () => {
    const began = performance.now();
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes into action items' },
    });
    expect(created.status).toBe(201);
    await svc.engine.idle();
    const took = performance.now() - began;
    console.log(`planned by the rules after the deadline in ${Math.round(took)} ms`);
    const detail = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
    expect(detail.body.status).toBe('ready');
    expect(detail.body.planning_notes).toContainEqual({
      kind: 'planner',
      text: 'The built-in rules made this plan because the model fake-llm did not finish planning within 600 ms.',
    });
    // The drip alone would hold planning for the call's 30 s; the rules' own plan (on a fresh thread pool) takes a few.
    expect(took).toBeLessThan(12_000);
  });
});
