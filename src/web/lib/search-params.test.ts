import { describe, expect, it } from 'vitest';
import { executionsSearchSchema, runSearchSchema, settingsSearchSchema, workflowsSearchSchema } from './search-params';

describe('search param schemas', () => {
  it('keep valid values', () => {
    expect(executionsSearchSchema.parse({ status: 'error' })).toEqual({ status: 'error' });
    expect(workflowsSearchSchema.parse({ q: 'brief' })).toEqual({ q: 'brief' });
    expect(settingsSearchSchema.parse({ redirect: '/workflows?q=a', reason: 'rejected' })).toEqual({
      redirect: '/workflows?q=a',
      reason: 'rejected',
    });
    expect(runSearchSchema.parse({ from: 'e-1' })).toEqual({ from: 'e-1' });
  });

  it('fall back to defaults instead of failing on bad values', () => {
    expect(executionsSearchSchema.parse({ status: 'exploded' })).toEqual({ status: undefined });
    expect(workflowsSearchSchema.parse({ q: 42 })).toEqual({ q: undefined });
    expect(runSearchSchema.parse({ from: '' })).toEqual({ from: undefined });
    expect(settingsSearchSchema.parse({ reason: 'bored' })).toEqual({ redirect: undefined, reason: undefined });
  });

  it('refuse redirects that leave the app', () => {
    for (const redirect of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(settingsSearchSchema.parse({ redirect }).redirect).toBeUndefined();
    }
  });

  it('accept an empty search', () => {
    expect(executionsSearchSchema.parse({})).toEqual({});
    expect(settingsSearchSchema.parse({})).toEqual({});
  });
});
