import { describe, expect, it } from 'vitest';
import { useServiceWithDashboard } from '../../test-support/use-service';

const svc = useServiceWithDashboard();

const EXPOSED = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Content-Disposition';
const OPEN = { vary: 'Origin', 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED };
const PREFLIGHT = {
  ...OPEN,
  vary: 'Origin, Access-Control-Request-Headers',
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-max-age': '600',
  'content-length': '0',
};
const asking = { origin: 'http://elsewhere.test', 'access-control-request-method': 'POST' };

/** The CORS headers of an answer, and Allow where a 405 names the methods. */
const corsHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => /^(?:access-control-|vary$|allow$)/.test(name)));

describe('CORS headers', () => {
  it.each([
    ['GET', '/api/v1/workflows', {}, 200, OPEN],
    ['GET', '/api/v1/workflows', { origin: 'http://elsewhere.test' }, 200, OPEN],
    ['GET', '/api/v1/nothing', {}, 404, OPEN],
    ['DELETE', '/api/v1/workflows', {}, 405, { ...OPEN, allow: 'GET, HEAD, POST' }],
    ['GET', '/files/abc/x.txt', {}, 403, OPEN],
    ['GET', '/', {}, 200, { vary: 'Origin, Cookie' }],
    ['GET', '/assets/app.js', { origin: 'http://elsewhere.test' }, 200, { vary: 'Origin' }],
    [
      'OPTIONS',
      '/api/v1/workflows',
      { ...asking, 'access-control-request-headers': 'x-api-key' },
      204,
      {
        ...PREFLIGHT,
        'access-control-allow-headers': 'x-api-key',
      },
    ],
    ['OPTIONS', '/api/v1/workflows', {}, 204, PREFLIGHT],
    ['OPTIONS', '/files/a/b', { origin: 'http://elsewhere.test' }, 204, PREFLIGHT],
    ['OPTIONS', '/', asking, 405, { vary: 'Origin', allow: 'GET, HEAD' }],
    ['OPTIONS', '/workflows/x', {}, 404, { vary: 'Origin' }],
  ] as const)('%s %s %j answers %i with its CORS headers', async (method, url, headers, status, expected) => {
    const res = await svc.call(method, url, { headers });
    expect(res.status).toBe(status);
    const { 'content-length': length, ...cors } = expected as Record<string, string>;
    expect(corsHeaders(res.headers)).toEqual(cors);
    if (length !== undefined) expect(res.headers['content-length']).toBe(length);
  });
});
