import { describe, expect, it } from 'vitest';
import { useServiceWithDashboard } from '../test-support/use-service';
import { DASHBOARD_CSP } from './security-headers';

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
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(DASHBOARD_CSP);
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

  it('are not added to API answers', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/v1/workflows' });
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});
