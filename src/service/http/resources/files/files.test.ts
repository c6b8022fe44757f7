import { beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionCreateResponse, ExecutionDetail } from '../../../../contract/openapi-document';
import { manualClock } from '../../../clock';
import { KEY_A, reportStep } from '../../../test-support/test-service';
import { useTestService } from '../../../test-support/use-service';

const clock = manualClock(Date.now());
const svc = useTestService({}, { clock });
let results: Map<string, string>;
let detailPath: string;

beforeAll(async () => {
  const workflowId = await svc.addWorkflow({
    steps: [
      reportStep('rapport été.md'),
      { kind: 'render_html', filename: 'page.html' },
      { kind: 'pdf_document', filename: 'brief.pdf', title: 'Brief' },
      { kind: 'bundle' },
    ],
  });
  const created = await svc.call<ExecutionCreateResponse>('POST', `/api/v1/workflows/${workflowId}/executions`, {
    body: { input: { name: '<script>alert(1)</script>' } },
  });
  await svc.engine.idle();
  detailPath = `/api/v1/workflows/${workflowId}/executions/${created.body.execution_id}`;
  const detail = await svc.call<ExecutionDetail>('GET', detailPath);
  results = new Map(detail.body.results!.map((f) => [f.filename, f.url]));
});

const path = (url: string) => url.slice('http://service.test'.length);
const fetchFile = (url: string) => svc.app.inject({ method: 'GET', url: path(url) });

describe('GET /files/… (presigned downloads)', () => {
  it('returns every result of a bundle, binary ones without inline content', async () => {
    expect([...results.keys()]).toEqual(['rapport été.md', 'page.html', 'brief.pdf']);
  });

  it('serves a file with its type, an attachment disposition, nosniff and open CORS, without a key', async () => {
    const res = await fetchFile(results.get('rapport été.md')!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="rapport _t_.md"; filename*=UTF-8''rapport%20%C3%A9t%C3%A9.md`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.body).toContain('# Report');
  });

  it('serves HTML with a policy that forbids scripts', async () => {
    const res = await fetchFile(results.get('page.html')!);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    );
  });

  it('serves a PDF as bytes, inline when asked for a preview', async () => {
    const url = results.get('brief.pdf')!;
    const res = await fetchFile(url);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const preview = await fetchFile(`${url}&inline=1`);
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    const html = await fetchFile(`${results.get('page.html')!}&inline=1`);
    expect(html.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('answers 403 for a tampered link', async () => {
    const url = results.get('brief.pdf')!;
    const tampered = [
      url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`),
      url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 60}`),
      url.replace('brief.pdf', 'other.pdf'),
      url.split('?')[0]!,
    ];
    for (const link of tampered) {
      const res = await fetchFile(link);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'this download link is not valid; fetch the execution again for a fresh one',
      });
    }
  });

  it('answers 403 once the link is older than an hour', async () => {
    const url = results.get('brief.pdf')!;
    clock.advance(3600 * 1000 + 1000);
    try {
      const res = await fetchFile(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'this download link has expired; fetch the execution again for a fresh one',
      });
    } finally {
      clock.advance(-(3600 * 1000 + 1000));
    }
  });
});

describe('GET execution of an ended run, polled', () => {
  const get = () => svc.app.inject({ method: 'GET', url: detailPath, headers: { 'x-api-key': KEY_A } });

  it('answers the same bytes within a second, and links with a later expiry once the second has passed', async () => {
    const first = await get();
    const again = await get();
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    const expiries = (body: string) =>
      (JSON.parse(body) as ExecutionDetail).results!.map((f) => Number(new URL(f.url).searchParams.get('expires')));
    clock.advance(1000);
    const later = await get();
    expect(expiries(later.body)).toEqual(expiries(first.body).map((e) => e + 1));
    // The fresh links work, with the same file behind them.
    const report = (JSON.parse(later.body) as ExecutionDetail).results!.find((f) => f.filename === 'rapport été.md')!;
    expect((await fetchFile(report.url)).statusCode).toBe(200);
  });
});
