import { describe, expect, it } from 'vitest';
import {
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
