import { describe, expect, it } from 'vitest';
import { KEY_A, KEY_B, reportStep, type TestService } from '../../test-support/test-service';
import { useServiceWithDashboard } from '../../test-support/use-service';
import { pageRequest, stalledApp } from '../../test-support/stalled-app';
import { firstPageHost, jsonForScript, listKeyOf } from './first-page';

// Issue #33: a navigation to the list that carries the dashboard's `wf_list_key` cookie gets the
// list's first page inside the HTML (the answer as data, the drawing in the first paint's host).

const html = { accept: 'text/html,application/xhtml+xml' };
const page = (svc: TestService, url: string, cookie?: string) =>
  svc.app.inject({ method: 'GET', url, headers: { ...html, ...(cookie ? { cookie } : {}) } });
const withKey = (key: string) => `theme=dark; wf_list_key=${encodeURIComponent(key)}`;

/** The embedded answer's text, or null when the page carries none. */
const embedded = (body: string) =>
  body.match(/<script type="application\/json" id="wf-first-answer" data-path="([^"]+)">(.*?)<\/script>/s);

const HOSTILE_NAME = '</script><script>alert(1)</script>';
const ODD_NAME = 'a\u2028b\u2029c & $& <!-- x';

describe('the list drawn into the HTML', () => {
  const svc = useServiceWithDashboard();

  it('puts the first page, read with the cookie’s key, into / and /workflows, as data no name can break out of', async () => {
    await svc.addWorkflow({ name: HOSTILE_NAME, steps: [reportStep()] });
    await svc.addWorkflow({ name: ODD_NAME, steps: [reportStep()] });
    const api = await svc.call<{ data: Array<{ name: string }> }>('GET', '/api/v1/workflows?limit=50');
    for (const url of ['/', '/workflows', '/workflows/']) {
      const res = await page(svc, url, withKey(KEY_A));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toContain('Cookie');
      const data = embedded(res.body);
      expect(data?.[1]).toBe('/api/v1/workflows?limit=50');
      // Nothing in the data can end the element or start markup; it reads back as the API's answer.
      expect(data![2]).not.toMatch(/[<>&\u2028\u2029]/);
      const answer = JSON.parse(data![2]!) as { data: Array<{ name: string }> };
      expect(answer.data.map((w) => w.name)).toEqual(api.body.data.map((w) => w.name));
      expect(answer.data.map((w) => w.name)).toEqual(expect.arrayContaining([HOSTILE_NAME, ODD_NAME]));
      // Only the page's own script elements (its boot script and the answer): the hostile name added none.
      expect(res.body.match(/<script/g)).toHaveLength(2);
      expect(res.body).not.toContain('alert(1)</script>');
      // The drawing, in the first paint's host, just before the app's root.
      expect(res.body).toMatch(
        /<div id="first-paint" data-served><ul data-now="\d+"><li>.*<\/ul><\/div><div id="root">/s,
      );
      expect(res.body).toContain('&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
      expect(res.body).toContain('$&#38; &#60;!-- x');
    }
  });

  it('counts the read as one request of the key, as the client’s own would be', async () => {
    const before = Number(
      (await svc.call('GET', '/api/v1/workflows?limit=50', { key: KEY_B })).headers['ratelimit-remaining'],
    );
    expect(embedded((await page(svc, '/workflows', withKey(KEY_B))).body)).not.toBeNull();
    const after = Number(
      (await svc.call('GET', '/api/v1/workflows?limit=50', { key: KEY_B })).headers['ratelimit-remaining'],
    );
    expect(after).toBe(before - 2);
  });

  it('serves index.html as it is without the cookie, with a key that is not one, for other pages and for filtered lists', async () => {
    const cases: Array<[url: string, cookie?: string]> = [
      ['/workflows'],
      ['/workflows', 'wf_list_key=not-a-key-of-this-service-0000000000'],
      ['/workflows', 'wf_list_key='],
      ['/workflows', `wf_list_key=${'x'.repeat(300)}`],
      ['/workflows', 'wf_list_key=%E0%A4%A'],
      ['/workflows?q=report', withKey(KEY_A)],
      ['/runs', withKey(KEY_A)],
      ['/workflows/abc', withKey(KEY_A)],
    ];
    for (const [url, cookie] of cases) {
      const res = await page(svc, url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${cookie}`).toContain('<div id="first-paint"></div>');
      expect(embedded(res.body)).toBeNull();
    }
    const plain = await page(svc, '/workflows');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toContain('Cookie');
  });

  it('keeps a JSON 404 at /workflows for a request that is not a page, and reads nothing for HEAD', async () => {
    const json = await svc.app.inject({ method: 'GET', url: '/workflows', headers: { cookie: withKey(KEY_A) } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ error: 'no route GET /workflows' });
    const head = await svc.app.inject({
      method: 'HEAD',
      url: '/workflows',
      headers: { ...html, cookie: withKey(KEY_A) },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('never takes the cookie as a key for the API (a request another site makes the browser send gets nothing done)', async () => {
    const cookie = withKey(KEY_A);
    const read = await svc.call('GET', '/api/v1/workflows', { key: null, headers: { cookie } });
    expect(read.status).toBe(401);
    const create = await svc.call('POST', '/api/v1/workflows', {
      key: null,
      headers: { cookie },
      body: { prompt: 'Write a report of the day' },
    });
    expect(create.status).toBe(401);
    const list = await svc.call<{ data: unknown[] }>('GET', '/api/v1/workflows?limit=100', { key: KEY_A });
    expect(list.body.data.every((w) => (w as { name: string }).name !== 'Write a report of the day')).toBe(true);
  });
});

describe('a key past its rate limit', () => {
  const svc = useServiceWithDashboard({ WORKFLOW_RATE_LIMIT: '2' });

  it('gets the page without the list (a 429 is never a failed page)', async () => {
    await svc.call('GET', '/api/v1/workflows');
    await svc.call('GET', '/api/v1/workflows');
    expect((await svc.call('GET', '/api/v1/workflows')).status).toBe(429);
    const res = await page(svc, '/workflows', withKey(KEY_A));
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)).toBeNull();
    expect(res.body).toContain('<div id="first-paint"></div>');
  });
});

describe('strict-v1 mode', () => {
  const svc = useServiceWithDashboard({ WORKFLOW_STRICT_V1: '1' });

  it('draws nothing into the HTML: the extension is off', async () => {
    const res = await page(svc, '/workflows', withKey(KEY_A));
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)).toBeNull();
  });
});

describe('listKeyOf and jsonForScript', () => {
  it('reads the key from among other cookies, and nothing that cannot be a key', () => {
    expect(listKeyOf(`a=1; wf_list_key=${encodeURIComponent('k y')}; b=2`)).toBeNull();
    expect(listKeyOf('a=1;wf_list_key=abc%2Fdef; b=2')).toBe('abc/def');
    expect(listKeyOf('xwf_list_key=abc')).toBeNull();
    expect(listKeyOf(undefined)).toBeNull();
  });

  it('escapes what could end a script element, and reads back as the same value', () => {
    const value = { name: '</script><!--\u2028\u2029&' };
    const safe = jsonForScript(JSON.stringify(value));
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe('a slow read', () => {
  it('is not waited for past about 300 ms: the page goes without the list', async () => {
    const started = Date.now();
    expect(await firstPageHost(stalledApp(), pageRequest(withKey(KEY_A)), KEY_A, () => '<ul></ul>')).toBe(
      '<div id="first-paint"></div>',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
