import { describe, expect, it } from 'vitest';
import { MAX_SCHEMA_DEPTH, unsafePatternReason, untrustedSchemaProblem } from './schema-guard';

const nested = (levels: number): Record<string, unknown> => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { x: schema } };
  return schema;
};

describe('unsafePatternReason', () => {
  it.each(['(a+)+$', '^(\\w*)*$', '(x+x+)+y', '((ab)*c)+', '(a{2,})*', '^(([a-z])+.)+[A-Z]([a-z])+$'])(
    'refuses the nested-quantifier pattern %s',
    (p) => {
      expect(unsafePatternReason(p)).toMatch(/catastrophic backtracking/);
    },
  );

  it.each(['^[A-Z]{2}\\d{6}$', '^\\S+@\\S+\\.\\S+$', '^(\\+\\d{1,3})?[0-9 ]{6,15}$', '(ab)+', '[(a+)+]', '\\(a+\\)+'])(
    'accepts the ordinary pattern %s',
    (p) => {
      expect(unsafePatternReason(p)).toBeNull();
    },
  );

  it('refuses backreferences, invalid and very long patterns', () => {
    expect(unsafePatternReason('(a)\\1')).toMatch(/backreference/);
    expect(unsafePatternReason('(')).toMatch(/not a valid/);
    expect(unsafePatternReason('a'.repeat(1001))).toMatch(/longer than/);
  });
});

describe('untrustedSchemaProblem', () => {
  it('accepts an ordinary schema', () => {
    expect(
      untrustedSchemaProblem({ type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' } } }),
    ).toBeNull();
    expect(untrustedSchemaProblem(nested(10))).toBeNull();
  });

  it('refuses a schema nested thousands deep without overflowing the stack itself', () => {
    expect(untrustedSchemaProblem(nested(5_000))).toBe(
      `The input schema is nested more than ${MAX_SCHEMA_DEPTH} levels deep.`,
    );
  });

  it('refuses a huge schema', () => {
    const properties = Object.fromEntries(Array.from({ length: 6_000 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(untrustedSchemaProblem({ type: 'object', properties })).toMatch(/more than 5000 parts/);
  });

  it('names the field whose pattern is catastrophic', () => {
    const schema = {
      type: 'object',
      properties: { customer: { type: 'object', properties: { email: { type: 'string', pattern: '^(a+)+$' } } } },
    };
    expect(untrustedSchemaProblem(schema)).toBe(
      'The pattern of field customer.email repeats a group that already repeats without bound (catastrophic backtracking).',
    );
  });

  it('checks patternProperties keys, and a field merely named "pattern" is not a pattern', () => {
    expect(untrustedSchemaProblem({ type: 'object', patternProperties: { '^(x*)*$': { type: 'string' } } })).toMatch(
      /patternProperties key/,
    );
    expect(untrustedSchemaProblem({ type: 'object', properties: { pattern: { type: 'string' } } })).toBeNull();
  });
});
