import { describe, expect, it } from 'vitest';
import {
  parseSearch,
  stringifySearch,
  validateExecutionsSearch,
  validateRunSearch,
  validateSettingsSearch,
  validateWelcomeSearch,
  validateWorkflowsSearch,
} from './search-params';

/** Each page's search validator, by the page it belongs to. */
const VALIDATE = {
  executions: validateExecutionsSearch,
  workflows: validateWorkflowsSearch,
  settings: validateSettingsSearch,
  welcome: validateWelcomeSearch,
  run: validateRunSearch,
};

describe('search param validation', () => {
  it.each([
    ['executions', { status: 'error' }],
    ['workflows', { q: 'brief' }],
    ['settings', { redirect: '/workflows?q=a', reason: 'rejected' }],
    ['run', { from: 'e-1' }],
    ['welcome', { redirect: '/workflows/w-1/executions/e-1' }],
  ] as const)('keeps valid values (%s: %o)', (page, search) => {
    expect(VALIDATE[page](search)).toEqual(search);
  });

  it.each([
    ['executions', { status: 'exploded' }],
    ['workflows', { q: 42 }],
    ['workflows', { q: 'x'.repeat(201) }],
    ['run', { from: '' }],
    ['settings', { reason: 'bored' }],
  ] as const)('falls back to the default (absent) instead of failing on bad values (%s: %o)', (page, search) => {
    expect(VALIDATE[page](search)).toEqual({});
  });

  it.each([
    ['executions', { status: 'exploded' }],
    ['workflows', { q: 42 }],
    ['run', { from: '' }],
    ['settings', { reason: 'bored', redirect: 'https://evil.example' }],
  ] as const)('hides a bad value of the raw search the router lays the checked one over (%s: %o)', (page, search) => {
    expect({ ...search, ...VALIDATE[page](search) }).toEqual({});
  });

  it('reads every search value as the text in the address, an id prefix of digits included', () => {
    expect(parseSearch('?q=445e3971&status=finished')).toEqual({ q: '445e3971', status: 'finished' });
    expect(parseSearch('?q=12345678')).toEqual({ q: '12345678' });
    expect(parseSearch('?q=true&from=null')).toEqual({ q: 'true', from: 'null' });
  });

  it('writes text so that it reads back the same, quotes and brackets included', () => {
    for (const q of ['12345678', 'acme', '"quoted"', '[x]', '{y}', 'true']) {
      expect(parseSearch(stringifySearch({ q }))).toEqual({ q });
    }
    expect(stringifySearch({ q: '12345678', status: undefined })).toBe('?q=12345678');
  });

  it('refuses redirects that leave the app', () => {
    for (const redirect of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(validateSettingsSearch({ redirect }).redirect).toBeUndefined();
      expect(validateWelcomeSearch({ redirect }).redirect).toBeUndefined();
    }
  });

  it('accepts an empty search', () => {
    expect(validateExecutionsSearch({})).toEqual({});
    expect(validateSettingsSearch({})).toEqual({});
  });
});
