import { describe, expect, it } from 'vitest';
import { InputValidators } from './input-validation';

describe('InputValidators', () => {
  it('checks a 2019-09 schema under 2019-09, as the dashboard does (dependentRequired)', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2019-09/schema#',
      type: 'object',
      dependentRequired: { amount: ['currency'] },
    };
    expect(new InputValidators().errors('w1', schema, { amount: 1 }, 'input')).toEqual([
      'input: must have property currency when property amount is present',
    ]);
  });

  it('checks a 2020-12 schema spelled with http under 2020-12 (prefixItems)', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { pair: { type: 'array', prefixItems: [{ type: 'number' }] } },
    };
    expect(new InputValidators().errors('w1', schema, { pair: ['x'] }, 'input')).toEqual([
      'input.pair[0]: must be number',
    ]);
  });

  it('reads a schema without $schema as draft-07, where dependentRequired means nothing', () => {
    const schema = { type: 'object', dependentRequired: { amount: ['currency'] } };
    expect(new InputValidators().errors('w1', schema, { amount: 1 }, 'input')).toEqual([]);
  });
});
