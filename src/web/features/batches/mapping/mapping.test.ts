import { describe, expect, it } from 'vitest';
import { autoMap, checkMapping, detectDecimal } from './mapping';
import { schemaProperties } from './schema-info';

const schema = {
  type: 'object',
  required: ['email', 'company_name'],
  properties: {
    email: { type: 'string', format: 'email' },
    company_name: { type: 'string', title: 'Company' },
    employee_count: { type: 'integer', title: 'Head count' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const props = schemaProperties(schema);

describe('autoMap', () => {
  it('matches names ignoring case, spaces, underscores and dashes', () => {
    const m = autoMap(['EMAIL', 'Company Name', 'employee-count', 'Notes'], props);
    expect(m.columns).toEqual({
      EMAIL: 'email',
      'Company Name': 'company_name',
      'employee-count': 'employee_count',
      Notes: null,
    });
  });

  it('falls back to a property title, and a name match wins over a title match', () => {
    const m = autoMap(['company', 'Head Count', 'company_name'], props);
    expect(m.columns).toEqual({ company: null, 'Head Count': 'employee_count', company_name: 'company_name' });
  });

  it('matches headers with units, punctuation and abbreviations', () => {
    const invoice = schemaProperties({
      type: 'object',
      properties: {
        invoice_number: { type: 'string' },
        amount: { type: 'number' },
        email: { type: 'string' },
        quantity: { type: 'integer' },
        number: { type: 'string' },
      },
    });
    const m = autoMap(['Invoice No', 'Amount (EUR)', 'E-mail', 'Qty', '#'], invoice);
    expect(m.columns).toEqual({
      'Invoice No': 'invoice_number',
      'Amount (EUR)': 'amount',
      'E-mail': 'email',
      Qty: 'quantity',
      '#': 'number',
    });
  });

  it('sends every column under its own name when the schema has no properties', () => {
    expect(autoMap(['a', 'b'], schemaProperties(null)).columns).toEqual({ a: 'a', b: 'b' });
  });
});

describe('checkMapping', () => {
  it('blocks when a required property has no column and no constant', () => {
    const m = autoMap(['email'], props);
    const check = checkMapping(['email'], props, m);
    expect(check.blocking).toEqual([
      'Required field "Company" has no column. Pick a column for it or set one value for every row.',
    ]);
  });

  it('accepts a constant for an unmapped required property, but not one of the wrong type', () => {
    const ok = checkMapping(['email'], props, { columns: { email: 'email' }, constants: { company_name: 'Acme' } });
    expect(ok.blocking).toEqual([]);
    const bad = checkMapping(['email', 'company'], props, {
      columns: { email: 'email', company: 'company_name' },
      constants: { employee_count: 'many' },
    });
    expect(bad.blocking).toEqual(['The value for "Head count": "many" is not a whole number.']);
  });

  it('blocks two columns filling one property and notes ignored columns', () => {
    const check = checkMapping(['a', 'b', 'c'], props, {
      columns: { a: 'email', b: 'email', c: null },
      constants: { company_name: 'x' },
    });
    expect(check.blocking).toEqual(['Columns "a" and "b" both fill "email"; keep one and ignore the others.']);
    expect(check.notes).toEqual(['Not sent: "c".']);
  });
});

describe('detectDecimal', () => {
  it('reads the decimal mark from the cells of number columns only', () => {
    const p = schemaProperties({
      type: 'object',
      properties: { amount: { type: 'number' }, note: { type: 'string' } },
    });
    const mapping = autoMap(['amount', 'note'], p);
    expect(
      detectDecimal(
        {
          columns: ['amount', 'note'],
          rows: [
            ['1.234,50', '1.5'],
            ['3,25', 'x'],
          ],
        },
        p,
        mapping,
      ),
    ).toEqual({ mark: ',', certain: true });
    expect(detectDecimal({ columns: ['amount', 'note'], rows: [['12', '1,5']] }, p, mapping)).toEqual({
      mark: '.',
      certain: false,
    });
    expect(detectDecimal({ columns: ['note'], rows: [['1,5']] }, p, autoMap(['note'], p))).toBeNull();
  });
});
