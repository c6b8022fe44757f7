import { describe, expect, it } from 'vitest';
import { ajvClassFor } from './ajv-dialect';
import { schemaDialect, withKnownMetaSchema } from './schema-dialect';

describe('schemaDialect', () => {
  it.each([
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
    ['https://json-schema.org/draft/2020-12/schema#', '2020-12'],
    ['http://json-schema.org/draft/2020-12/schema', '2020-12'],
    ['http://json-schema.org/draft/2020-12/schema#', '2020-12'],
    ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['https://json-schema.org/draft/2019-09/schema#', '2019-09'],
    ['http://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['http://json-schema.org/draft/2019-09/schema#', '2019-09'],
    ['http://json-schema.org/draft-07/schema#', 'draft-07'],
    ['http://json-schema.org/draft-04/schema#', 'draft-07'],
    ['https://example.com/draft/2020-12/schema', 'draft-07'],
    ['https://json-schema.org/draft/2020-12/schema/extra', 'draft-07'],
  ])('reads %s as %s', (url, dialect) => {
    expect(schemaDialect({ $schema: url, type: 'object' })).toBe(dialect);
  });

  it('defaults to draft-07 without a $schema, with a non-string one, and for non-object schemas', () => {
    expect(schemaDialect({ type: 'object' })).toBe('draft-07');
    expect(schemaDialect({ $schema: 2020 })).toBe('draft-07');
    expect(schemaDialect(null)).toBe('draft-07');
    expect(schemaDialect(true)).toBe('draft-07');
    expect(schemaDialect([])).toBe('draft-07');
  });
});

describe('ajvClassFor', () => {
  const compile = (schema: Record<string, unknown>) => {
    const AjvClass = ajvClassFor(schemaDialect(schema));
    return new AjvClass({ strict: false }).compile(withKnownMetaSchema(schema));
  };

  it('checks 2019-09 keywords draft-07 does not know (dependentRequired)', () => {
    const schema = { type: 'object', dependentRequired: { amount: ['currency'] } };
    expect(compile({ $schema: 'https://json-schema.org/draft/2019-09/schema', ...schema })({ amount: 1 })).toBe(false);
    expect(compile(schema)({ amount: 1 })).toBe(true);
  });

  it('checks 2020-12 prefixItems, which 2019-09 ignores', () => {
    const schema = { type: 'array', prefixItems: [{ type: 'number' }] };
    expect(compile({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema })(['x'])).toBe(false);
    expect(compile({ $schema: 'https://json-schema.org/draft/2019-09/schema', ...schema })(['x'])).toBe(true);
  });

  it('compiles http spellings and unknown drafts instead of throwing on an unregistered meta-schema', () => {
    expect(compile({ $schema: 'http://json-schema.org/draft/2020-12/schema#', type: 'string' })('a')).toBe(true);
    expect(compile({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'string' })(1)).toBe(false);
  });
});
