import { describe, expect, it } from 'vitest';
import { friendlyMessage, parseServerInputErrors } from './friendly-errors';

describe('friendlyMessage', () => {
  it('says a missing field is required', () => {
    expect(
      friendlyMessage({
        name: 'required',
        params: { missingProperty: 'company' },
        message: "must have required property 'company'",
      }),
    ).toBe('This field is required.');
  });
  it('explains formats in words', () => {
    expect(
      friendlyMessage({ name: 'format', params: { format: 'email' }, message: 'must match format "email"' }),
    ).toContain('email address');
    expect(friendlyMessage({ name: 'format', params: { format: 'uri' }, message: '' })).toContain('https://');
    expect(friendlyMessage({ name: 'format', params: { format: 'regex' }, message: '' })).toBe('Enter a valid regex.');
  });
  it('keeps unknown messages, capitalized', () => {
    expect(friendlyMessage({ name: 'const', params: {}, message: 'must be equal to constant' })).toBe(
      'Must be equal to constant',
    );
  });
});

describe('parseServerInputErrors', () => {
  it('finds every field path in a server message', () => {
    expect(parseServerInputErrors('input.company: must be string; input.tags/0: must be string')).toEqual([
      { path: ['company'], message: 'must be string' },
      { path: ['tags', '0'], message: 'must be string' },
    ]);
  });
  it('ignores messages that name no field', () => {
    expect(parseServerInputErrors('workflow is still planning')).toEqual([]);
  });
});
