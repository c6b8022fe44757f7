import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowCreateResponse, WorkflowDetail } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { startTestService, type TestService } from '../../../test-support/test-service';

const PROMPT = 'Every Monday, summarize the support tickets and post the summary to Slack';

/** Planning notes are stored with the plan and shown on the detail, except in strict-v1 mode. */
describe.each([
  { mode: 'default', strict: false },
  { mode: 'strict-v1', strict: true },
])('planning notes, $mode mode', ({ strict }) => {
  let svc: TestService;
  const plan = async (prompt: string) => {
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', { body: { prompt } });
    await svc.engine.idle();
    return svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${created.body.id}`);
  };

  beforeAll(async () => {
    svc = await startTestService(strict ? { WORKFLOW_STRICT_V1: '1' } : {});
  });
  afterAll(() => svc.close());

  it(strict ? 'leaves them out' : 'shows what the local service does not do', async () => {
    const detail = await plan(PROMPT);
    assertMatchesContract('getWorkflow', 200, detail.body);
    if (strict) {
      expect(detail.body.planning_notes).toBeUndefined();
      return;
    }
    expect(detail.body.planning_notes).toEqual([
      { kind: 'schedule', text: "Runs on demand; 'Every Monday' is not scheduled by the local service." },
      { kind: 'integration', text: 'Returns its results here; Slack is not connected to the local service.' },
    ]);
  });

  it('has no planning notes when there is nothing to note', async () => {
    const detail = await plan('Summarize meeting notes');
    expect('planning_notes' in detail.body).toBe(false);
  });
});
