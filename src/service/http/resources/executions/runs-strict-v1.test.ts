import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionListItem } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { reportStep, startTestService, type TestService } from '../../../test-support/test-service';

type Page<T> = { data: T[]; cursor: string | null };
type Err = { error: string };

/** Strict-v1 mode answers the runs extensions of issue 12 as a bare v1 server would. */
describe('runs extensions in strict-v1 mode', () => {
  let svc: TestService;
  let workflowId: string;
  let executionId: string;
  const runs = () => `/api/v1/workflows/${workflowId}/executions`;

  beforeAll(async () => {
    svc = await startTestService({ WORKFLOW_STRICT_V1: '1' });
    workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    executionId = (await svc.call<ExecutionCreateResponse>('POST', runs(), { body: { input: { name: 'Ann' } } })).body
      .execution_id;
    await svc.engine.idle();
  });
  afterAll(() => svc.close());

  it('ignores the status filter like any unknown parameter, even an invalid one', async () => {
    for (const status of ['error', 'nonsense']) {
      const res = await svc.call<Page<ExecutionListItem>>('GET', `${runs()}?status=${status}`);
      expect(res.status).toBe(200);
      assertMatchesContract('listExecutions', 200, res.body);
      expect(res.body.data.map((item) => [item.id, item.status])).toEqual([[executionId, 'finished']]);
      expect(Object.keys(res.body.data[0]!).sort()).toEqual(['created_at', 'id', 'status', 'workflow_id']);
    }
  });

  it('has no account-wide list, steps or input routes: 404 `no route`', async () => {
    for (const path of ['/api/v1/executions', `${runs()}/${executionId}/steps`, `${runs()}/${executionId}/input`]) {
      const res = await svc.call<Err>('GET', `${path}?status=error`);
      expect(res).toMatchObject({ status: 404, body: { error: `no route GET ${path}` } });
    }
  });

  it('reads …/executions/stats as the execution detail path, whose id must be a uuid', async () => {
    const res = await svc.call<Err>('GET', `${runs()}/stats`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('executionId');
  });
});
