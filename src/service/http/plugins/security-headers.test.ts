import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../../contract/openapi-document';
import { createHash } from 'node:crypto';
import { reportStep, STAND_IN_BOOT } from '../../test-support/test-service';
import { useServiceWithDashboard } from '../../test-support/use-service';
import { addDashboardSecurityHeaders, DASHBOARD_CSP, dashboardCsp } from './security-headers';

const html = { accept: 'text/html,application/xhtml+xml' };

/** The policy as directive → sources. */
const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('the dashboard security headers', () => {
  const svc = useServiceWithDashboard();

  it('come with index.html, client routes, assets and a missing chunk', async () => {
    const answers = await Promise.all(
      [
        { url: '/', headers: html },
        { url: '/workflows/abc', headers: html },
        { url: '/assets/app.js', headers: {} },
        { url: '/assets/gone-1234.js', headers: {} },
      ].map((r) => svc.app.inject({ method: 'GET', ...r })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404]);
    // index.html's inline boot script runs by its hash, and nothing else inline does.
    const boot = `'sha256-${createHash('sha256').update(STAND_IN_BOOT).digest('base64')}'`;
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(dashboardCsp([boot]));
      expect(directives(String(res.headers['content-security-policy'])).get('script-src')).toEqual([
        "'self'",
        "'unsafe-eval'",
        boot,
      ]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('allow scripts from this origin and eval for the schema validator only, and forbid framing, plugins and <base>', () => {
    const d = directives(DASHBOARD_CSP);
    expect(d.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(DASHBOARD_CSP).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('let profiles reach API servers on other origins', () => {
    expect(directives(DASHBOARD_CSP).get('connect-src')).toEqual(["'self'", 'https:', 'http:']);
  });

  it('never replace a policy the route set', async () => {
    const app = Fastify();
    addDashboardSecurityHeaders(app, () => true);
    app.get('/own', async (_request, reply) => reply.header('content-security-policy', 'sandbox').send('x'));
    const res = await app.inject({ method: 'GET', url: '/own' });
    expect(res.headers['content-security-policy']).toBe('sandbox');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('are not added to API answers', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/v1/workflows' });
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('the headers of API answers and of downloads', () => {
  const svc = useServiceWithDashboard();
  /** Path and query of each result file's signed link, by file name. */
  let links: Map<string, string>;
  let detailPath: string;
  beforeAll(async () => {
    const workflowId = await svc.addWorkflow({
      steps: [reportStep('notes.md'), { kind: 'render_html', filename: 'page.html' }, { kind: 'bundle' }],
    });
    const created = await svc.call<ExecutionCreateResponse>('POST', `/api/v1/workflows/${workflowId}/executions`, {
      body: {},
    });
    await svc.engine.idle();
    detailPath = `/api/v1/workflows/${workflowId}/executions/${created.body.execution_id}`;
    const detail = await svc.call<ExecutionDetail>('GET', detailPath);
    links = new Map(detail.body.results!.map((f) => [f.filename, new URL(f.url).pathname + new URL(f.url).search]));
  });

  it('forbid sniffing and storing on every API answer, since they carry signed links', async () => {
    const answers = await Promise.all([
      svc.call('GET', detailPath),
      svc.call('GET', '/api/v1/workflows'),
      svc.call('GET', '/api/v1/workflows', { key: null }),
      svc.call('GET', '/api/v1/nothing'),
      svc.call('GET', '//api/v1//workflows'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 200]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });

  it('leave the caching of downloads and of the dashboard’s files as they were', async () => {
    const download = await svc.app.inject({ method: 'GET', url: links.get('notes.md')! });
    expect(download.statusCode).toBe(200);
    expect(download.headers['cache-control']).toBe('private, max-age=3600, immutable');
    const asset = await svc.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).not.toBe('no-store');
    const page = await svc.app.inject({ method: 'GET', url: '/workflows/abc', headers: html });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  // The router reads these as /files/…; dot segments it does not route (and browsers resolve them before sending).
  it.each([
    ['/files/…', (link: string) => link],
    ['//files/…', (link: string) => `/${link}`],
    ['///files/…', (link: string) => `//${link}`],
    ['/files//…', (link: string) => link.replace('/files/', '/files//')],
  ])('keep the sandbox policy of an HTML file asked for as %s', async (_shape, spell) => {
    const res = await svc.app.inject({ method: 'GET', url: spell(links.get('page.html')!) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });
});
