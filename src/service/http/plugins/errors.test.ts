import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { joinMessages } from './errors';
import { dataPath, describeRequestError } from './request-messages';

const error = (
  instancePath: string,
  keyword: string,
  params: Record<string, unknown> = {},
  message = 'is wrong',
): ErrorObject => ({ instancePath, keyword, params, message, schemaPath: '#' }) as ErrorObject;

describe('dataPath', () => {
  it('writes JSON pointers as property paths', () => {
    expect(dataPath('input', '')).toBe('input');
    expect(dataPath('input', '/company/0/name')).toBe('input.company[0].name');
    expect(dataPath('items[3]', '/first name')).toBe('items[3]["first name"]');
    expect(dataPath('input', '/a~1b')).toBe('input["a/b"]');
  });
});

describe('describeRequestError', () => {
  it('names the parameter and what it must be', () => {
    expect(describeRequestError([error('/limit', 'maximum')], 'querystring')).toBe(
      'limit must be an integer from 1 to 100',
    );
    expect(describeRequestError([error('/workflowId', 'format')], 'params')).toBe('workflowId must be a UUID');
    expect(describeRequestError([error('', 'required', { missingProperty: 'prompt' })], 'body')).toBe(
      'prompt is required',
    );
  });

  it('skips the noise an optional body adds', () => {
    const errors = [
      error('/input', 'type', { type: 'object' }),
      error('', 'type', { type: 'null' }),
      error('', 'anyOf'),
    ];
    expect(describeRequestError(errors, 'body')).toBe('input must be an object');
  });

  it('falls back to the path and ajv’s message for anything else', () => {
    expect(describeRequestError([error('/other/0', 'type', {}, 'must be string')], 'body')).toBe(
      'body.other[0]: must be string',
    );
  });
});

describe('joinMessages', () => {
  it('lists up to the cap and counts the rest', () => {
    expect(joinMessages(['a', 'b'])).toBe('a; b');
    expect(joinMessages(['a', 'b', 'c', 'd'], 2)).toBe('a; b; and 2 more');
  });
});
