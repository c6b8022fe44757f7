import { describe, expect, it } from 'vitest';
import { describeReason, headerKey } from './header-match';
import { autoMatch } from './mapping';
import { schemaProperties, type PropertyInfo } from './schema-info';

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

const fields = (...specs: [name: string, title?: string][]) =>
  schemaProperties({
    type: 'object',
    properties: Object.fromEntries(
      specs.map(([name, title]) => [name, { type: 'string', ...(title === undefined ? {} : { title }) }]),
    ),
  });

describe('autoMatch on everyday spreadsheets', () => {
  const sales = fields(['company_website_url', 'Company website URL'], ['contact_email', 'Contact email']);
  const crm = fields(
    ['first_name'],
    ['last_name'],
    ['company_name', 'Company'],
    ['email'],
    ['phone_number'],
    ['street_address'],
    ['city'],
    ['postal_code'],
  );

  it.each<[string, readonly PropertyInfo[], string[], Record<string, string | null>]>([
    [
      'Website and E-mail meet the sales intro fields',
      sales,
      ['Company', 'Website', 'E-mail', 'Phone'],
      { Company: null, Website: 'company_website_url', 'E-mail': 'contact_email', Phone: null },
    ],
    [
      'synonyms of website and email',
      sales,
      ['Homepage', 'Mail'],
      { Homepage: 'company_website_url', Mail: 'contact_email' },
    ],
    ['a URL column', sales, ['URL', 'Email address'], { URL: 'company_website_url', 'Email address': 'contact_email' }],
    [
      'a contact list with names, organisation, mobile and address',
      crm,
      ['First Name', 'Surname', 'Organisation', 'E-mail', 'Mobile', 'Street', 'Town', 'ZIP'],
      {
        'First Name': 'first_name',
        Surname: 'last_name',
        Organisation: 'company_name',
        'E-mail': 'email',
        Mobile: 'phone_number',
        Street: 'street_address',
        Town: 'city',
        ZIP: 'postal_code',
      },
    ],
    [
      'abbreviations and plurals',
      crm,
      ['fname', 'lname', 'Org', 'Emails', 'Tel.', 'Postcode'],
      {
        fname: 'first_name',
        lname: 'last_name',
        Org: 'company_name',
        Emails: 'email',
        'Tel.': 'phone_number',
        Postcode: 'postal_code',
      },
    ],
    [
      'a full name column fills a name field',
      fields(['name'], ['website']),
      ['Full name', 'Web site'],
      { 'Full name': 'name', 'Web site': 'website' },
    ],
    [
      'a Name column fills a full name field',
      fields(['full_name'], ['business_email']),
      ['Name', 'Email'],
      { Name: 'full_name', Email: 'business_email' },
    ],
    [
      'headers that match nothing stay unmatched',
      sales,
      ['Column A', 'Column B', 'Notes'],
      { 'Column A': null, 'Column B': null, Notes: null },
    ],
  ])('%s', (_label, props, headers, expected) => {
    expect(autoMatch(headers, props).mapping.columns).toEqual(expected);
  });

  it('never fills one field from two columns: the better match wins and the other stays free', () => {
    const { mapping } = autoMatch(['Email', 'Work email', 'Mail'], fields(['contact_email']));
    expect(mapping.columns).toEqual({ Email: 'contact_email', 'Work email': null, Mail: null });
  });

  it('never sends one column to two fields, even when it fits both', () => {
    const { mapping } = autoMatch(['Email'], fields(['contact_email'], ['billing_email']));
    expect(mapping.columns).toEqual({ Email: 'contact_email' });
  });

  it('lets a later column take the field an earlier one fits less well', () => {
    const { mapping } = autoMatch(['Company', 'Company Website'], fields(['company_website_url'], ['company_name']));
    expect(mapping.columns).toEqual({ Company: 'company_name', 'Company Website': 'company_website_url' });
  });

  it('does not send a column to a field that only shares a describing word', () => {
    // "Company" holds names; company_website_url wants a website.
    expect(autoMatch(['Company'], fields(['company_website_url'])).mapping.columns).toEqual({ Company: null });
  });

  it('says why each column was matched', () => {
    const props = fields(['contact_email', 'Contact email'], ['company_website_url'], ['city', 'Town or city']);
    const { reasons } = autoMatch(['Website', 'Mail', 'contact_email', 'Town or city'], [...props]);
    expect(describeReason(reasons.Website!)).toBe('Matched on “website”');
    expect(reasons.Mail).toBeUndefined();
    expect(describeReason(reasons.contact_email!)).toBe('Same name as the field');
    expect(describeReason(reasons['Town or city']!)).toBe('Same as the field’s title');
    const homepage = autoMatch(['Homepage'], props).reasons.Homepage!;
    expect(describeReason(homepage)).toBe('Matched on “homepage” (as “website”)');
  });
});
