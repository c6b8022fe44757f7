import { describe, expect, it } from 'vitest';
import { kindWords, readableKey, schemaFields } from './schema-fields';

describe('kindWords', () => {
  it('names formatted text in everyday words', () => {
    expect(kindWords({ type: 'string', format: 'uri' })).toBe('website');
    expect(kindWords({ type: 'string', format: 'email' })).toBe('email address');
    expect(kindWords({ type: 'string', format: 'date' })).toBe('date');
    expect(kindWords({ type: 'string', format: 'date-time' })).toBe('date and time');
    expect(kindWords({ type: 'string' })).toBe('text');
  });
  it('names numbers, yes/no and choices', () => {
    expect(kindWords({ type: 'number' })).toBe('number');
    expect(kindWords({ type: 'integer' })).toBe('whole number');
    expect(kindWords({ type: 'boolean' })).toBe('yes/no');
    expect(kindWords({ type: 'string', enum: ['formal', 'casual'] })).toBe('one of formal or casual');
    expect(kindWords({ enum: ['a', 'b', 'c'] })).toBe('one of a, b or c');
  });
  it('names lists by what they hold', () => {
    expect(kindWords({ type: 'array', items: { type: 'string', format: 'email' } })).toBe('list of email addresses');
    expect(kindWords({ type: 'array', items: { type: 'object', properties: {} } })).toBe('list of rows');
    expect(kindWords({ type: 'array' })).toBe('list of values');
  });
  it('reads a nullable type as its real type, and anything unknown as "other"', () => {
    expect(kindWords({ type: ['string', 'null'], format: 'uri' })).toBe('website');
    expect(kindWords({ $ref: '#/definitions/x' })).toBe('other');
    expect(kindWords('not a schema')).toBe('any value');
  });
});

describe('schemaFields', () => {
  const schema = {
    type: 'object',
    properties: {
      company_website_url: { type: 'string', format: 'uri', title: 'Company website', examples: ['https://acme.com'] },
      contact_email: { type: 'string', format: 'email' },
      tone: { type: 'string', enum: ['formal', 'casual'], default: 'formal' },
      notes: { type: 'string', maxLength: 500, minLength: 1 },
      products: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { name: { type: 'string', title: 'Name' }, price: { type: 'number', minimum: 0 } },
          required: ['name'],
        },
      },
    },
    required: ['company_website_url', 'products'],
  };

  it('lists each field with its title, key, kind and whether it is required, in order', () => {
    const fields = schemaFields(schema);
    expect(fields.map((f) => [f.title, f.key, f.kind, f.required])).toEqual([
      ['Company website', 'company_website_url', 'website', true],
      ['Contact email', 'contact_email', 'email address', false],
      ['Tone', 'tone', 'one of formal or casual', false],
      ['Notes', 'notes', 'text', false],
      ['Products', 'products', 'list of rows', true],
    ]);
  });
  it('keeps an example, a default, the limits in words, and a format only where the kind does not say it', () => {
    const [website, , tone, notes, products] = schemaFields(schema);
    expect(website).toMatchObject({ kind: 'website', example: 'https://acme.com' });
    expect(website?.format).toBeUndefined();
    expect(
      schemaFields({ type: 'object', properties: { code: { type: 'string', format: 'iso-3166-alpha-2' } } })[0]?.format,
    ).toBe('iso-3166-alpha-2');
    expect(tone?.default).toBe('formal');
    expect(notes?.limits).toEqual(['up to 500 characters']);
    expect(products?.limits).toEqual(['at least 1 entry']);
  });
  it('describes the columns of a list of rows', () => {
    const products = schemaFields(schema)[4];
    expect(products?.fields?.map((f) => [f.title, f.kind, f.required, f.limits])).toEqual([
      ['Name', 'text', true, []],
      ['Price', 'number', false, ['at least 0']],
    ]);
  });
  it('has no fields for a schema without properties or that is not an object', () => {
    expect(schemaFields(null)).toEqual([]);
    expect(schemaFields({ type: 'string' })).toEqual([]);
    expect(schemaFields({ type: 'object', properties: [] })).toEqual([]);
  });
});

describe('readableKey', () => {
  it('turns keys into words', () => {
    expect(readableKey('company_website_url')).toBe('Company website url');
    expect(readableKey('contactEmail')).toBe('Contact email');
  });
});
