import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail, WorkflowListItem } from '../contract/openapi-document';
import { DEMO_WORKFLOWS } from './accounts/demo-workflows';
import { assertMatchesContract } from './test-support/contract-validator';
import { PUBLIC_URL, startTestService, type TestService } from './test-support/test-service';

let svc: TestService;
let ids: Map<string, string>;
beforeAll(async () => {
  svc = await startTestService({ WORKFLOW_RATE_LIMIT: '100000' });
  const page = await svc.call<{ data: WorkflowListItem[] }>('GET', '/api/v1/workflows?limit=100');
  ids = new Map(page.body.data.map((w) => [w.name, w.id]));
});
afterAll(() => svc.close());

async function run(workflowId: string, input: Record<string, unknown> | null): Promise<ExecutionDetail> {
  const base = `/api/v1/workflows/${workflowId}/executions`;
  const created = await svc.call<ExecutionCreateResponse>('POST', base, input === null ? {} : { body: { input } });
  expect(created.status).toBe(201);
  await svc.engine.idle();
  let detail = await svc.call<ExecutionDetail>('GET', `${base}/${created.body.execution_id}`);
  if (detail.body.status === 'human_in_the_loop') {
    await svc.call('POST', `${base}/${created.body.execution_id}/approval`, { body: { approved: true } });
    await svc.engine.idle();
    detail = await svc.call<ExecutionDetail>('GET', `${base}/${created.body.execution_id}`);
  }
  assertMatchesContract('getExecution', 200, detail.body);
  return detail.body;
}

describe('demo workflows, end to end through the API and the engine', () => {
  it.each(DEMO_WORKFLOWS.map((demo) => [demo.name, demo] as const))(
    '%s runs its example to finished with downloadable results',
    async (name, demo) => {
      const detail = await run(ids.get(name)!, demo.example);
      expect(detail.status).toBe('finished');
      expect(detail.results!.length).toBeGreaterThan(0);
      for (const file of detail.results!) {
        const download = await svc.app.inject({ method: 'GET', url: file.url.slice(PUBLIC_URL.length) });
        expect(download.statusCode).toBe(200);
        if (file.content !== undefined) expect(download.body).toBe(file.content);
      }
    },
  );

  it('shows PDF results as links without inline content', async () => {
    const withPdf = DEMO_WORKFLOWS.filter((demo) => /pdf/i.test(demo.prompt));
    expect(withPdf.length).toBeGreaterThan(0);
    const detail = await run(ids.get(withPdf[0]!.name)!, withPdf[0]!.example);
    const pdf = detail.results!.find((f) => f.filename.endsWith('.pdf'));
    expect(pdf).toBeDefined();
    expect(pdf).not.toHaveProperty('content');
  });

  it.each(DEMO_WORKFLOWS.flatMap((demo) => (demo.failing ?? []).map((f) => [demo.name, f.error, f.input] as const)))(
    '%s fails with "%s"',
    async (name, error, input) => {
      const detail = await run(ids.get(name)!, input);
      expect(detail).toMatchObject({ status: 'error', results: [{ filename: 'error.txt', content: error }] });
    },
  );
});
