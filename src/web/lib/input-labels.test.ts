import { describe, expect, it } from 'vitest';
import { fieldLabel, formatValue, humanizeKey, labelledFields, linkOf } from './input-labels';

describe('fieldLabel', () => {
  const schema = { properties: { contact_email: { title: 'Contact email' }, company_website_url: { type: 'string' } } };

  it('names a field by its schema title', () => {
    expect(fieldLabel(schema, 'contact_email')).toBe('Contact email');
  });

  it('makes an untitled key readable, acronyms in capitals', () => {
    expect(fieldLabel(schema, 'company_website_url')).toBe('Company website URL');
    expect(humanizeKey('firstName')).toBe('First name');
    expect(fieldLabel(null, 'order-id')).toBe('Order ID');
  });
});

describe('formatValue and linkOf', () => {
  it('writes values as a person reads them', () => {
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(1234.5)).toBe('1,234.5');
    expect(formatValue(['a', 'b'])).toBe('a, b');
    expect(formatValue('')).toBe('—');
    expect(formatValue({ a: 1 })).toBe('{"a":1}');
  });

  it('opens only web addresses as links', () => {
    expect(linkOf('https://acme.test/about')).toBe('https://acme.test/about');
    expect(linkOf('javascript:alert(1)')).toBeNull();
    expect(linkOf('acme.test')).toBeNull();
  });
});

describe('labelledFields', () => {
  it('lists the schema’s fields in its order, then any others', () => {
    const schema = { properties: { b: { title: 'Bee' }, a: {} } };
    expect(labelledFields({ a: 1, extra: 'x', b: 2 }, schema).map((f) => f.label)).toEqual(['Bee', 'A', 'Extra']);
  });
});
