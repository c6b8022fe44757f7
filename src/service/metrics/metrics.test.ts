import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkflowCreateResponse } from '../../contract/openapi-document';
import { startFakeModel } from '../test-support/fake-model';
import { SALES_PROMPT, salesPlan } from '../test-support/model-plans';
import { scrape, sampleValue } from '../test-support/prometheus-text';
import { runsUrl, startRun } from '../test-support/runs';
import { guardAgainstFail, KEY_B, reportStep } from '../test-support/test-service';
import { useTestService } from '../test-support/use-service';

const TOKEN = 'metrics-token-0123456789abcdef';
const EXECUTION_ROUTE = '/api/v1/workflows/:workflowId/executions/:executionId';

describe('GET /metrics without WORKFLOW_METRICS_TOKEN', () => {
  const svc = useTestService();

  it('is not there: 404 as any unknown path, even with a bearer token', async () => {
    const reply = await svc.call<{ error: string }>('GET', '/metrics', {
      key: null,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.status).toBe(404);
    expect(reply.body.error).toEqual(expect.any(String));
  });
});

describe('GET /metrics with WORKFLOW_METRICS_TOKEN', () => {
  const svc = useTestService({ WORKFLOW_METRICS_TOKEN: TOKEN });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['the token under another scheme', `Basic ${TOKEN}`],
    ['an API key instead', `Bearer test-key-account-a-0123456789abcdef`],
  ])('answers 401 {error} to %s', async (_case, authorization) => {
    const reply = await svc.call<{ error: string }>('GET', '/metrics', {
      key: null,
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toMatch(/metrics token/);
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers the Prometheus text to the token, without an API key', async () => {
    const reply = await svc.call<string>('GET', '/metrics', {
      key: null,
      headers: { authorization: `bearer  ${TOKEN}` },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(reply.body).toContain('# TYPE workflow_http_requests_total counter');
    expect(reply.body).toContain('# HELP workflow_executions Executions in the store, by status');
    // Node's default metrics, the event-loop lag among them.
    expect(reply.body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts methods no client sends as one value, so junk methods cannot grow the series', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'PURGE'] as const)
      await svc.call(method as 'GET', '/api/v1/workflows');
    const samples = await scrape(svc, TOKEN);
    const methods = new Set(
      samples.filter((sample) => sample.name === 'workflow_http_requests_total').map((sample) => sample.labels.method),
    );
    expect(
      [...methods].filter((method) => !['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(method!)),
    ).toEqual(['other']);
  });

  it('counts requests by route pattern, method and status, with their time', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const id = await startRun(svc, workflowId, { name: 'Ada' });
    await svc.engine.idle();
    const before = await scrape(svc, TOKEN);
    const get = { route: EXECUTION_ROUTE, method: 'GET', status: '200' };
    const counted = sampleValue(before, 'workflow_http_requests_total', get) ?? 0;
    for (let i = 0; i < 3; i++) expect((await svc.call('GET', `${runsUrl(workflowId)}/${id}`)).status).toBe(200);
    const missing = `${runsUrl(workflowId)}/00000000-0000-4000-8000-000000000000`;
    expect((await svc.call('GET', missing)).status).toBe(404);

    const after = await scrape(svc, TOKEN);
    expect(sampleValue(after, 'workflow_http_requests_total', get)).toBe(counted + 3);
    expect(sampleValue(after, 'workflow_http_requests_total', { ...get, status: '404' })).toBe(1);
    expect(sampleValue(after, 'workflow_http_request_duration_seconds_count', get)).toBe(counted + 3);
    expect(sampleValue(after, 'workflow_http_request_duration_seconds_bucket', { ...get, le: '+Inf' })).toBe(
      counted + 3,
    );
    // Never the raw URL: no label holds an id.
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes(id)))).toBe(false);
    expect(
      sampleValue(after, 'workflow_rate_limit_decisions_total', { limiter: 'api_key', decision: 'allowed' }),
    ).toBeGreaterThan(0);
  });

  it('shows executions by status as the store holds them, and the steps they ran', async () => {
    const workflowId = await svc.addWorkflow({ steps: [guardAgainstFail, reportStep()] });
    for (const name of ['a', 'FAIL', 'b']) await startRun(svc, workflowId, { name });
    await svc.engine.idle();
    const { rows } = await sql<{ status: string; n: number | string }>`
      SELECT status, count(*) AS n FROM executions GROUP BY status`.execute(svc.store.kysely);
    const stored = Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
    expect(stored.error).toBeGreaterThanOrEqual(1);

    const samples = await scrape(svc, TOKEN);
    for (const status of ['initial', 'processing', 'human_in_the_loop', 'finished', 'error']) {
      expect(sampleValue(samples, 'workflow_executions', { status }), status).toBe(stored[status] ?? 0);
    }
    // Each run ran its guard; the passing ones their report too.
    expect(sampleValue(samples, 'workflow_step_duration_seconds_count', { kind: 'guard' })).toBeGreaterThanOrEqual(3);
    expect(
      sampleValue(samples, 'workflow_step_duration_seconds_count', { kind: 'markdown_report' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts cache hits: keys already checked, and the results of ended runs read again', async () => {
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const id = await startRun(svc, workflowId, { name: 'Ada' });
    await svc.engine.idle();
    const before = await scrape(svc, TOKEN);
    const hits = (samples: typeof before, cache: string) =>
      sampleValue(samples, 'workflow_cache_lookups_total', { cache, result: 'hit' }) ?? 0;
    for (let i = 0; i < 3; i++) await svc.call('GET', `${runsUrl(workflowId)}/${id}`);
    const after = await scrape(svc, TOKEN);
    // The key's answer is kept 5 s: the first of the three may have to look it up again.
    expect(hits(after, 'api_keys')).toBeGreaterThanOrEqual(hits(before, 'api_keys') + 2);
    // The whole answer is kept (on a shared store it is used once the unchanged row is read again).
    expect(hits(after, 'ended_runs')).toBeGreaterThanOrEqual(hits(before, 'ended_runs') + 2);
  });

  it('counts plans made by the built-in rules', async () => {
    const before = sampleValue(await scrape(svc, TOKEN), 'workflow_planner_calls_total', {
      planner: 'rules',
      outcome: 'ok',
    });
    const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
      body: { prompt: 'Summarize meeting notes into a report' },
    });
    expect(created.status).toBe(201);
    await svc.engine.idle();
    const after = await scrape(svc, TOKEN);
    expect(sampleValue(after, 'workflow_planner_calls_total', { planner: 'rules', outcome: 'ok' })).toBe(
      (before ?? 0) + 1,
    );
  });
});

describe('GET /metrics on limits', () => {
  const svc = useTestService({
    WORKFLOW_METRICS_TOKEN: TOKEN,
    WORKFLOW_RATE_LIMIT: '4',
    WORKFLOW_ACCOUNT_MAX_QUEUED: '2',
  });

  it('counts 429s by route and reason, the rate-limit decisions, and the runs queued per account', async () => {
    await svc.engine.stop(); // runs stay waiting to start
    const workflowId = await svc.addWorkflow({ steps: [reportStep()] });
    const send = () => svc.call('POST', runsUrl(workflowId), { body: { input: { name: 'x' } } });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(429); // the queued-runs quota
    expect((await send()).status).toBe(429); // again; the fourth request
    expect((await send()).status).toBe(429); // the fifth: the rate limit
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(429);

    const samples = await scrape(svc, TOKEN);
    const runs = '/api/v1/workflows/:workflowId/executions';
    expect(sampleValue(samples, 'workflow_http_too_many_requests_total', { route: runs, reason: 'queued_quota' })).toBe(
      2,
    );
    expect(sampleValue(samples, 'workflow_http_too_many_requests_total', { route: runs, reason: 'rate_limit' })).toBe(
      1,
    );
    expect(
      sampleValue(samples, 'workflow_http_too_many_requests_total', {
        route: '/api/v1/workflows',
        reason: 'rate_limit',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'workflow_http_requests_total', { route: runs, method: 'POST', status: '429' })).toBe(
      3,
    );
    const decisions = (decision: string) =>
      sampleValue(samples, 'workflow_rate_limit_decisions_total', { limiter: 'api_key', decision });
    expect([decisions('allowed'), decisions('limited')]).toEqual([4, 2]);
    expect(sampleValue(samples, 'workflow_executions_queued', { account: svc.accountId() })).toBe(2);
    expect(sampleValue(samples, 'workflow_executions_queued', { account: svc.accountId(KEY_B) })).toBeUndefined();
  });

  it('counts wrong keys refused for their address apart from the keys’ own limit', async () => {
    const wrong = await svc.call('GET', '/api/v1/workflows', { key: 'not-a-key-of-this-service-at-all-000' });
    expect(wrong.status).toBe(401);
    const samples = await scrape(svc, TOKEN);
    expect(
      sampleValue(samples, 'workflow_rate_limit_decisions_total', { limiter: 'failed_keys', decision: 'allowed' }),
    ).toBe(1);
  });
});

describe('GET /metrics in strict-v1 mode', () => {
  const svc = useTestService({ WORKFLOW_METRICS_TOKEN: TOKEN, WORKFLOW_STRICT_V1: '1' });

  it('stays available, as what watches the replicas needs it whatever the API mode', async () => {
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(200);
    const samples = await scrape(svc, TOKEN);
    expect(
      sampleValue(samples, 'workflow_http_requests_total', {
        route: '/api/v1/workflows',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
  });
});

describe('GET /metrics with a model', async () => {
  const fake = await startFakeModel();
  afterAll(() => fake.close());
  const svc = useTestService({
    WORKFLOW_METRICS_TOKEN: TOKEN,
    WORKFLOW_MODEL_URL: fake.url,
    WORKFLOW_MODEL: 'fake-llm',
  });

  it('counts planner and model calls by kind and outcome, failures included', async () => {
    const plan = async () => {
      const created = await svc.call<WorkflowCreateResponse>('POST', '/api/v1/workflows', {
        body: { prompt: SALES_PROMPT },
      });
      await svc.engine.idle();
      return created.body.id;
    };
    fake.script({ json: salesPlan() });
    const workflowId = await plan();
    // Refused (400, never retried): the rules plan this one instead.
    fake.script({ status: 400 });
    await plan();
    await startRun(svc, workflowId, { prospect_name: 'Ada', company: 'Analytical', what_we_sell: 'Engines' });
    await svc.engine.idle();

    const samples = await scrape(svc, TOKEN);
    const calls = (kind: string, outcome: string) =>
      sampleValue(samples, 'workflow_model_calls_total', { kind, outcome });
    expect([calls('plan', 'ok'), calls('plan', 'refused'), calls('write', 'ok')]).toEqual([1, 1, 1]);
    expect(sampleValue(samples, 'workflow_model_call_duration_seconds_count', { kind: 'plan' })).toBe(2);
    const planned = (planner: string, outcome: string) =>
      sampleValue(samples, 'workflow_planner_calls_total', { planner, outcome });
    expect([planned('model', 'ok'), planned('model', 'fallback'), planned('rules', 'ok')]).toEqual([1, 1, 1]);
    expect(sampleValue(samples, 'workflow_step_duration_seconds_count', { kind: 'model_write' })).toBe(1);
  });
});
