import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BatchCreateResponse,
  ExecutionDetail,
  ExecutionListItem,
  WorkflowCreateResponse,
  WorkflowDetail,
  WorkflowListItem,
} from '../../../contract/openapi-document';
import { assertMatchesContract } from '../../test-support/contract-validator';
import { guardAgainstFail, reportStep, startTestService } from '../../test-support/test-service';
import { useTestService } from '../../test-support/use-service';
import { runsUrl, startRun } from '../../test-support/runs';

type Page<T> = { data: T[]; cursor: string | null };
type Err = { error: string };

const keys = (value: object) => Object.keys(value).sort();

/** The same requests against the default service and a strict-v1 one; strict answers carry exactly the v1 fields. */
describe.each([
  { mode: 'default', strict: false },
  { mode: 'strict-v1', strict: true },
])('$mode mode', ({ strict }) => {
  const svc = useTestService(strict ? { WORKFLOW_STRICT_V1: '1' } : {});
  let workflowId: string;
  let approvalWorkflowId: string;
  let finishedId: string;
  let failedId: string;
  let waitingId: string;
  let batch: BatchCreateResponse;

  beforeAll(async () => {
    workflowId = await svc.addWorkflow({ steps: [guardAgainstFail, reportStep()] });
    approvalWorkflowId = await svc.addWorkflow({
      steps: [reportStep('draft.md'), { kind: 'approval', message: 'Check' }, reportStep()],
    });
    const run = (id: string, input: object) => startRun(svc, id, input);
    finishedId = await run(workflowId, { name: 'Ann' });
    failedId = await run(workflowId, { name: 'FAIL' });
    waitingId = await run(approvalWorkflowId, { name: 'Bo' });
    batch = (
      await svc.call<BatchCreateResponse>('POST', `/api/v1/workflows/${workflowId}/executions/batch`, {
        body: { items: [{ name: 'Cy' }] },
      })
    ).body;
    await svc.engine.idle();
  });

  it('lists workflows with the v1 fields, plus status, activity and the example mark only outside strict mode', async () => {
    const res = await svc.call<Page<WorkflowListItem>>('GET', '/api/v1/workflows?limit=100');
    assertMatchesContract('listWorkflows', 200, res.body);
    const v1 = ['created_at', 'description', 'id', 'name', 'updated_at'];
    for (const item of res.body.data) {
      const local = ['activity', 'status', ...('example' in item ? ['example'] : [])];
      expect(keys(item)).toEqual(strict ? v1 : [...v1, ...local].sort());
    }
  });

  it('shows a workflow with the v1 fields, plus status and concurrency only outside strict mode', async () => {
    const res = await svc.call<WorkflowDetail>('GET', `/api/v1/workflows/${workflowId}`);
    assertMatchesContract('getWorkflow', 200, res.body);
    const v1 = ['created_at', 'description', 'id', 'input_schema', 'name', 'updated_at'];
    expect(keys(res.body)).toEqual(strict ? v1 : [...v1, 'concurrency', 'prompt', 'status'].sort());
  });

  it('answers POST /workflows with the v1 create response in both modes', async () => {
    const res = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize a text' },
    });
    expect(res.status).toBe(201);
    assertMatchesContract('createWorkflow', 201, res.body);
    expect(keys(res.body)).toEqual(['created_at', 'description', 'id', 'name', 'status', 'url']);
  });

  it('answers a batch with batch_id only outside strict mode', async () => {
    assertMatchesContract('createExecutionBatch', 201, batch);
    expect(keys(batch)).toEqual(
      strict ? ['executions', 'total', 'workflow_id'] : ['batch_id', 'executions', 'total', 'workflow_id'],
    );
    if (!strict)
      expect((await svc.store.executions.byId(batch.executions[0]!.execution_id))!.batch_id).toBe(
        (batch as { batch_id?: string }).batch_id,
      );
  });

  it('lists executions with the four shown fields only in strict mode, with url, error and result links otherwise', async () => {
    const res = await svc.call<Page<ExecutionListItem>>('GET', runsUrl(workflowId));
    assertMatchesContract('listExecutions', 200, res.body);
    const byId = new Map(res.body.data.map((item) => [item.id, item]));
    const finished = byId.get(finishedId)!;
    const failed = byId.get(failedId)!;
    if (strict) {
      for (const item of res.body.data) expect(keys(item)).toEqual(['created_at', 'id', 'status', 'workflow_id']);
      return;
    }
    // started_at and finished_at: a local choice, for durations; started_by: who started it (extension).
    const listed = [
      'created_at',
      'finished_at',
      'id',
      'results',
      'started_at',
      'started_by',
      'status',
      'url',
      'workflow_id',
    ];
    expect(keys(finished)).toEqual(listed);
    expect(finished.results).toEqual([
      {
        filename: 'report.md',
        url: expect.stringMatching(/\/files\/[0-9a-f-]{36}\/report\.md\?expires=\d+&signature=[0-9a-f]{64}$/),
      },
    ]);
    expect(keys(failed)).toEqual([...listed, 'error'].sort());
    expect(failed).toMatchObject({ error: 'name must not contain FAIL', results: [{ filename: 'error.txt' }] });
    expect(failed.results![0]).not.toHaveProperty('content');
    // The link works like the detail's.
    const download = await svc.app.inject({
      method: 'GET',
      url: finished.results![0]!.url.replace(svc.config.publicUrl, ''),
    });
    expect(download.body).toBe('# Report\n\nHello Ann\n');
  });

  it('shows a finished execution the same way in both modes', async () => {
    const res = await svc.call<ExecutionDetail>('GET', `${runsUrl(workflowId)}/${finishedId}`);
    assertMatchesContract('getExecution', 200, res.body);
    expect(keys(res.body)).toEqual(['created_at', 'id', 'results', 'status', 'url', 'workflow_id']);
    expect(res.body.results).toEqual([
      expect.objectContaining({ filename: 'report.md', content: '# Report\n\nHello Ann\n' }),
    ]);
  });

  it('shows results null while waiting for approval in strict mode, the draft otherwise', async () => {
    const res = await svc.call<ExecutionDetail>('GET', `${runsUrl(approvalWorkflowId)}/${waitingId}`);
    assertMatchesContract('getExecution', 200, res.body);
    expect(res.body.status).toBe('human_in_the_loop');
    if (strict) expect(res.body.results).toBeNull();
    else
      expect(res.body.results).toEqual([
        expect.objectContaining({ filename: 'draft.md', content: '# Report\n\nHello Bo\n' }),
      ]);
  });

  it('offers the approval and cancel extensions only outside strict mode', async () => {
    const approval = `${runsUrl(approvalWorkflowId)}/${waitingId}/approval`;
    const cancel = `${runsUrl(workflowId)}/cancel`;
    const approved = await svc.call<Err>('POST', approval, { body: { approved: false } });
    const cancelled = await svc.call<Err>('POST', cancel, { body: { execution_ids: [finishedId] } });
    if (strict) {
      expect(approved).toMatchObject({ status: 404, body: { error: `no route POST ${approval}` } });
      expect(cancelled).toMatchObject({ status: 404, body: { error: `no route POST ${cancel}` } });
    } else {
      expect(approved.status).toBe(200);
      expect(cancelled).toMatchObject({ status: 200, body: { unchanged: 1 } });
    }
  });

  it('serves the contract document and the dev-key convenience only outside strict mode', async () => {
    const doc = await svc.call<Err>('GET', '/api/v1/openapi.json', { key: null });
    const withKey = await svc.call<Err>('GET', '/api/v1/openapi.json');
    const devKey = await svc.call<Err>('GET', '/__dev/key', { key: null });
    if (strict) {
      // Like any unknown /api/v1 path: the key is checked first.
      expect(doc.status).toBe(401);
      expect(withKey).toMatchObject({ status: 404, body: { error: 'no route GET /api/v1/openapi.json' } });
      expect(devKey).toMatchObject({ status: 404, body: { error: 'no route GET /__dev/key' } });
    } else {
      expect(doc.status).toBe(200);
      expect(JSON.stringify(doc.body)).toContain('"x-local-extension":true');
      // Configured keys: the dev-key route exists but never reveals a key.
      expect(devKey.status).toBe(404);
    }
  });
});

describe('the dev-key convenience with a self-made key', () => {
  it.each([
    ['default', {}, 200],
    ['strict-v1', { WORKFLOW_STRICT_V1: 'true' }, 404],
  ])('answers %s mode with %s', async (_mode, env, status) => {
    const svc = await startTestService({ WORKFLOW_API_KEYS: '', ...env });
    try {
      expect((await svc.call('GET', '/__dev/key', { key: null })).status).toBe(status);
    } finally {
      await svc.close();
    }
  });
});
