import { describe, expect, it } from 'vitest';
import { headerKey } from './header-match';

describe('headerKey', () => {
  it.each([
    ['Invoice No', 'invoice_number'],
    ['Invoice No.', 'invoice_number'],
    ['Invoice #', 'invoice_number'],
    ['invoice-nr', 'invoice_number'],
    ['Invoice Num', 'invoice_number'],
    ['InvoiceNumber', 'invoice_number'],
    ['Amount (EUR)', 'amount'],
    ['Amount [€]', 'amount'],
    ['Amount EUR', 'amount'],
    ['Amount $', 'amount'],
    ['Amt', 'amount'],
    ['E-mail', 'email'],
    ['E mail', 'email'],
    ['Email Address', 'email_address'],
    ['Qty', 'quantity'],
    ['Weight (kg)', 'weight'],
    ['Café Name', 'cafe_name'],
    ['Discount %', 'discount_percent'],
    ['Cust. Ref', 'customer_reference'],
    ['First-Name', 'firstName'],
    ['Zip Code', 'postcode'],
  ])('matches "%s" to %s', (header, property) => {
    expect(headerKey(header)).toBe(headerKey(property));
  });

  it('keeps different fields apart', () => {
    expect(headerKey('Invoice date')).not.toBe(headerKey('invoice_number'));
    expect(headerKey('Amount due')).not.toBe(headerKey('amount'));
    expect(headerKey('Number')).not.toBe(headerKey('name'));
  });

  it('keeps a header made only of a unit word instead of emptying it', () => {
    expect(headerKey('EUR')).toBe('eur');
    expect(headerKey('(note)')).toBe('');
  });
});
