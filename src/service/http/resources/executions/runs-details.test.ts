import { beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '../../../../contract/openapi-document';
import { assertMatchesContract } from '../../../test-support/contract-validator';
import { guardAgainstFail, reportStep } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';
import { runsUrl, startRun } from '../../../test-support/runs';

type Steps = Schemas['ExecutionSteps'];
type Stats = Schemas['ExecutionStats'];
type Err = { error: string };

const svc = useTestService();
let checked: string;
let approved: string;

const run = (workflowId: string, name: string) => startRun(svc, workflowId, { name });
const steps = async (workflowId: string, id: string) => {
  const res = await svc.call<Steps>('GET', `${runsUrl(workflowId)}/${id}/steps`);
  expect(res.status).toBe(200);
  assertMatchesContract('getExecutionSteps', 200, res.body);
  return res.body.steps;
};

beforeAll(async () => {
  checked = await svc.addWorkflow({ steps: [guardAgainstFail, reportStep()] });
  approved = await svc.addWorkflow({
    steps: [reportStep('draft.md'), { kind: 'approval', message: 'Check' }, reportStep()],
  });
});

describe('GET …/executions/{id}/steps (local extension)', () => {
  it("shows the workflow's steps with their times, and the failing step with its error", async () => {
    const ok = await run(checked, 'Ann');
    const failed = await run(checked, 'FAIL');
    await svc.engine.idle();
    const done = await steps(checked, ok);
    expect(done.map((s) => [s.name, s.status])).toEqual([
      ['Check · name', 'finished'],
      ['Markdown report · report.md', 'finished'],
    ]);
    for (const step of done) {
      expect(step.finished_at! >= step.started_at!).toBe(true);
      expect(step.duration_ms).toBeGreaterThanOrEqual(0);
      expect(step.error).toBeNull();
    }
    const broken = await steps(checked, failed);
    expect(broken.map((s) => [s.status, s.error])).toEqual([
      ['error', 'name must not contain FAIL'],
      ['skipped', null],
    ]);
    expect(broken[1]).toMatchObject({ started_at: null, finished_at: null, duration_ms: null });
  });

  it('shows the approval waiting, then finished once approved (not "not reached")', async () => {
    const id = await run(approved, 'Bo');
    await svc.engine.idle();
    expect((await steps(approved, id)).map((s) => s.status)).toEqual(['finished', 'waiting', 'pending']);
    await svc.call('POST', `${runsUrl(approved)}/${id}/approval`, { body: { approved: true } });
    await svc.engine.idle();
    const after = await steps(approved, id);
    expect(after.map((s) => [s.kind, s.status])).toEqual([
      ['markdown_report', 'finished'],
      ['approval', 'finished'],
      ['markdown_report', 'finished'],
    ]);
    expect(after[1]!.finished_at! >= after[1]!.started_at!).toBe(true);
    expect(after[2]!.started_at! >= after[1]!.finished_at!).toBe(true);
  });

  it('shows a rejected approval as the failing step, and the rest skipped', async () => {
    const id = await run(approved, 'Cy');
    await svc.engine.idle();
    await svc.call('POST', `${runsUrl(approved)}/${id}/approval`, { body: { approved: false, comment: 'no' } });
    expect((await steps(approved, id)).map((s) => [s.status, s.error])).toEqual([
      ['finished', null],
      ['error', 'Rejected by WORKFLOW_API_KEYS #1: no'],
      ['skipped', null],
    ]);
  });

  it('answers 404 for a run of another workflow', async () => {
    const id = await run(checked, 'Di');
    const res = await svc.call<Err>('GET', `${runsUrl(approved)}/${id}/steps`);
    expect(res).toMatchObject({ status: 404, body: { error: 'execution not found' } });
  });
});

describe('GET …/executions/stats (local extension)', () => {
  let workflow: string;
  beforeAll(async () => {
    workflow = await svc.addWorkflow({ steps: [guardAgainstFail, reportStep()] });
    for (const name of ['A', 'B', 'FAIL', 'C']) await run(workflow, name);
    await svc.engine.idle();
  });

  it('counts the range by status, per bucket, with the success rate and durations', async () => {
    const res = await svc.call<Stats>('GET', `${runsUrl(workflow)}/stats`);
    expect(res.status).toBe(200);
    assertMatchesContract('getExecutionStats', 200, res.body);
    const stats = res.body;
    expect(stats).toMatchObject({
      workflow_id: workflow,
      bucket: 'day',
      total: 4,
      counts: { initial: 0, processing: 0, human_in_the_loop: 0, finished: 3, error: 1 },
      success_rate: 0.75,
    });
    expect(stats.buckets.length).toBeGreaterThanOrEqual(7);
    expect(stats.buckets.reduce((sum, b) => sum + b.counts.finished, 0)).toBe(3);
    expect(stats.buckets.at(-1)!.counts).toMatchObject({ finished: 3, error: 1 });
    expect(stats.duration.count).toBe(4);
    expect(stats.duration.p50_ms).toBeLessThanOrEqual(stats.duration.p95_ms!);
    expect(stats.duration.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(4);
  });

  it('takes a range and hour buckets, and leaves out runs outside it', async () => {
    const to = new Date(Date.parse(svc.store.nowIso()) + 1000).toISOString();
    const from = new Date(Date.parse(to) - 3 * 3_600_000).toISOString();
    const res = await svc.call<Stats>(
      'GET',
      `${runsUrl(workflow)}/stats?from=${from}&to=${to}&bucket=hour&tz_offset_minutes=30`,
    );
    expect(res.body.buckets).toHaveLength(4);
    expect(res.body.buckets.every((b) => b.start.slice(14, 16) === '30')).toBe(true);
    expect(res.body.total).toBe(4);
    const before = await svc.call<Stats>('GET', `${runsUrl(workflow)}/stats?to=${from}`);
    expect(before.body).toMatchObject({ total: 0, success_rate: null, duration: { count: 0, p50_ms: null } });
  });

  it('answers 400 for a reversed range, a bad bucket or too many buckets', async () => {
    const cases = [
      ['from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must be before to'],
      ['from=yesterday', 'from'],
      ['from=2025-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&bucket=hour', 'the range holds 8760 hour buckets'],
    ] as const;
    for (const [query, message] of cases) {
      const res = await svc.call<Err>('GET', `${runsUrl(workflow)}/stats?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect((await svc.call<Err>('GET', `${runsUrl(workflow)}/stats?bucket=week`)).status).toBe(400);
  });
});
