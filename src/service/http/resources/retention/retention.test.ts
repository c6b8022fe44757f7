import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '../../../../contract/openapi-document';
import { manualClock } from '../../../clock';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { runsUrl, startRun } from '../../../test-support/runs';
import { KEY_B, reportStep } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

type Err = { error: string };
const MINUTES_10 = 10 * 60_000;

describe('GET and PUT /retention', () => {
  const svc = useTestService({ WORKFLOW_RETENTION_DAYS: '30', WORKFLOW_RETENTION_MAX_RUNS: '100000' });

  it("answers the service's retention while the account has none of its own", async () => {
    const res = await svc.call('GET', '/api/v1/retention', { key: KEY_B });
    expect(res.status).toBe(200);
    assertMatchesContract('getRetention', 200, res.body);
    expect(res.body).toEqual({
      days: 30,
      max_runs: 100_000,
      account_days: null,
      account_max_runs: null,
      service_days: 30,
      service_max_runs: 100_000,
      changes: [],
    });
  });

  it("keeps the account's own shorter retention, and null puts the service's back", async () => {
    const put = await svc.call('PUT', '/api/v1/retention', { body: { days: 7, max_runs: null } });
    expect(put.status).toBe(200);
    assertMatchesContract('updateRetention', 200, put.body);
    expect(put.body).toMatchObject({ days: 7, max_runs: 100_000, account_days: 7, account_max_runs: null });
    expect((await svc.call('GET', '/api/v1/retention')).body).toMatchObject({ days: 7, account_days: 7 });
    // Another account keeps the service's.
    expect((await svc.call('GET', '/api/v1/retention', { key: KEY_B })).body).toMatchObject({ days: 30 });

    await svc.call('PUT', '/api/v1/retention', { body: { days: null, max_runs: null } });
    expect((await svc.call('GET', '/api/v1/retention')).body).toMatchObject({ days: 30, account_days: null });
  });

  it("refuses more than the service's with a sentence saying the most allowed", async () => {
    const days = await svc.call<Err>('PUT', '/api/v1/retention', { body: { days: 31, max_runs: null } });
    expect(days.status).toBe(400);
    expect(days.body.error).toBe('days can be at most 30: this service removes ended runs older than 30 days');
    const runs = await svc.call<Err>('PUT', '/api/v1/retention', { body: { days: null, max_runs: 100_001 } });
    expect(runs.body.error).toBe(
      'max_runs can be at most 100,000: this service keeps at most that many ended runs per account',
    );
  });

  it('refuses what is not a whole number of 1 or more, naming the field', async () => {
    for (const body of [
      { days: 0, max_runs: null },
      { days: 'a month', max_runs: null },
      { days: 2.5, max_runs: null },
    ]) {
      const res = await svc.call<Err>('PUT', '/api/v1/retention', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(
        "days must be a whole number of days from 1 to 36500, or null for the service's setting",
      );
    }
    const missing = await svc.call<Err>('PUT', '/api/v1/retention', { body: { days: 3 } });
    expect(missing.body.error).toBe('max_runs is required');
  });

  it('needs a key like the rest of the API', async () => {
    expect((await svc.call('GET', '/api/v1/retention', { key: null })).status).toBe(401);
  });
});

describe('/retention in strict-v1 mode', () => {
  const svc = useTestService({ WORKFLOW_STRICT_V1: '1' });

  it('does not exist, as every local extension', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await svc.call<Err>(method, '/api/v1/retention', { body: { days: 1, max_runs: null } });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/^no route/);
    }
  });
});

describe('a run retention deleted', () => {
  const clock = manualClock(Date.UTC(2026, 3, 1));
  const svc = useTestService({ WORKFLOW_RETENTION_DAYS: '2', WORKFLOW_RETENTION_MAX_RUNS: '1' }, { clock });

  it('answers 404 on every endpoint, its file link included, once a newer run pushes it past the count', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const old = await startRun(svc, workflowId, { name: 'Ann' });
    await svc.engine.idle();
    const detail = await svc.call<ExecutionDetail>('GET', `${runsUrl(workflowId)}/${old}`);
    expect(detail.body.status).toBe('finished');
    const fileUrl = detail.body.results![0]!.url.slice('http://service.test'.length);
    expect((await svc.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(200);
    // On a frozen clock both runs would end at the same instant, and which is newer would be a coin toss.
    clock.advance(1_000);
    const kept = await startRun(svc, workflowId, { name: 'Ben' });
    await svc.engine.idle();
    clock.advance(MINUTES_10);

    expect(await svc.engine.retention.pass()).toBe(1);

    for (const tail of ['', '/steps', '/activity', '/input']) {
      const res = await svc.call<Err>('GET', `${runsUrl(workflowId)}/${old}${tail}`);
      expect(res.status, tail).toBe(404);
    }
    expect((await svc.app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(404);
    const list = await svc.call<{ data: Array<{ id: string }> }>('GET', runsUrl(workflowId));
    expect(list.body.data.map((run) => run.id)).toEqual([kept]);
    expect((await svc.call('GET', `${runsUrl(workflowId)}/${kept}`)).status).toBe(200);
  });

  it('goes once it ended longer ago than the retention, while a waiting run stays', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep(), { kind: 'approval', message: 'Check it' }] });
    const waiting = await startRun(svc, workflowId, { name: 'Cy' });
    await svc.engine.idle();
    clock.advance(3 * 86_400_000);

    await svc.engine.retention.pass();

    const res = await svc.call<ExecutionDetail>('GET', `${runsUrl(workflowId)}/${waiting}`);
    expect(res.body.status).toBe('human_in_the_loop');
    const all = await svc.call<{ data: unknown[] }>('GET', '/api/v1/executions?status=finished');
    expect(all.body.data).toEqual([]);
  });
});
