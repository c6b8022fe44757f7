import { describe, expect, it } from 'vitest';
import { compileValidator } from './validate-rows';

describe('compileValidator', () => {
  it('checks a 2019-09 schema with its own keywords, as the service does', () => {
    const validate = compileValidator({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      type: 'object',
      properties: { card: { type: 'string' }, cvc: { type: 'string' } },
      dependentRequired: { card: ['cvc'] },
    });
    expect(validate({ card: '4111' })).toEqual([{ property: 'cvc', message: 'is required when card is given' }]);
    expect(validate({ card: '4111', cvc: '123' })).toEqual([]);
  });

  it('checks a 2020-12 schema with prefixItems and a draft-07 one with tuple items', () => {
    const modern = compileValidator({
      $schema: 'http://json-schema.org/draft/2020-12/schema#',
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }] } },
    });
    expect(modern({ pair: [1, 'a'] })).toEqual([]);
    expect(modern({ pair: ['a', 'a'] })).toEqual([{ property: 'pair', message: '0 must be a whole number' }]);
    const classic = compileValidator({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'integer' }] } },
    });
    expect(classic({ pair: ['a'] })).toEqual([{ property: 'pair', message: '0 must be a whole number' }]);
  });

  it('says what a row gets wrong in the words the run form uses, never "is not a valid uri"', () => {
    const validate = compileValidator({
      type: 'object',
      properties: {
        website: { type: 'string', format: 'uri' },
        email: { type: 'string', format: 'email' },
        note: { type: 'string' },
      },
    });
    expect(validate({ website: 'acme dot com', email: 'nobody', note: 5 })).toEqual([
      { property: 'website', message: 'is not a full URL, like https://example.com' },
      { property: 'email', message: 'is not a valid email address, like name@example.com' },
      { property: 'note', message: 'must be text' },
    ]);
  });
});
