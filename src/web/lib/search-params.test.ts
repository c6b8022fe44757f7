import { describe, expect, it } from 'vitest';
import {
  validateExecutionsSearch,
  validateRunSearch,
  validateSettingsSearch,
  validateWorkflowsSearch,
} from './search-params';

describe('search param validation', () => {
  it('keeps valid values', () => {
    expect(validateExecutionsSearch({ status: 'error' })).toEqual({ status: 'error' });
    expect(validateWorkflowsSearch({ q: 'brief' })).toEqual({ q: 'brief' });
    expect(validateSettingsSearch({ redirect: '/workflows?q=a', reason: 'rejected' })).toEqual({
      redirect: '/workflows?q=a',
      reason: 'rejected',
    });
    expect(validateRunSearch({ from: 'e-1' })).toEqual({ from: 'e-1' });
  });

  it('falls back to the default (absent) instead of failing on bad values', () => {
    expect(validateExecutionsSearch({ status: 'exploded' })).toEqual({});
    expect(validateWorkflowsSearch({ q: 42 })).toEqual({});
    expect(validateWorkflowsSearch({ q: 'x'.repeat(201) })).toEqual({});
    expect(validateRunSearch({ from: '' })).toEqual({});
    expect(validateSettingsSearch({ reason: 'bored' })).toEqual({});
  });

  it('refuses redirects that leave the app', () => {
    for (const redirect of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(validateSettingsSearch({ redirect }).redirect).toBeUndefined();
    }
  });

  it('accepts an empty search', () => {
    expect(validateExecutionsSearch({})).toEqual({});
    expect(validateSettingsSearch({})).toEqual({});
  });
});
