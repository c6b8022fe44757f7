import { describe, expect, it } from 'vitest';
import { FieldSet, makeField, phraseToField, resolveField } from './fields';
import { humanList, sentenceCase, singular, snakeCase, titleCase } from '../workflow/text-case';

const read = (phrase: string, allowUnknown = true) => {
  const field = phraseToField(phrase, 0, { allowUnknown });
  return field && { key: field.key, kind: field.kind, required: field.required, itemKind: field.itemKind };
};

describe('phraseToField', () => {
  it.each([
    ["the customer's email address", { key: 'customer_email', kind: 'email', required: true, itemKind: undefined }],
    ['its website', { key: 'website', kind: 'uri', required: true, itemKind: undefined }],
    ['an invoice number', { key: 'invoice_number', kind: 'string', required: true, itemKind: undefined }],
    ['shipping date if available', { key: 'shipping_date', kind: 'date', required: false, itemKind: undefined }],
    ['optionally a note', { key: 'note', kind: 'text', required: false, itemKind: undefined }],
    ['the name of the company', { key: 'name', kind: 'string', required: true, itemKind: undefined }],
    ['a list of links', { key: 'links', kind: 'list', required: true, itemKind: 'uri' }],
    ['number of guests', { key: 'number_of_guests', kind: 'integer', required: true, itemKind: undefined }],
    ['date of birth', { key: 'date_of_birth', kind: 'date', required: true, itemKind: undefined }],
    ['a cuisine', { key: 'cuisine', kind: 'string', required: true, itemKind: undefined }],
    ['their first name', { key: 'first_name', kind: 'string', required: true, itemKind: undefined }],
  ])('reads %j', (phrase, expected) => {
    expect(read(phrase)).toEqual(expected);
  });

  it('names no field for clauses, outputs, or unknown nouns outside an input list', () => {
    expect(read('this is important')).toBeNull();
    expect(read('a pdf report')).toBeNull();
    expect(read('a cuisine', false)).toBeNull();
  });
});

describe('FieldSet', () => {
  it('merges a later bare mention into the field it refers to', () => {
    const set = new FieldSet();
    set.add(makeField('meeting_notes', 'text', 'notes', 0));
    set.add({ ...makeField('notes', 'text', 'notes', 30), required: false });
    expect(set.all().map((f) => [f.key, f.required])).toEqual([['meeting_notes', false]]);
    expect(resolveField(set.all(), 'the notes')?.key).toBe('meeting_notes');
    expect(resolveField(set.all(), 'amount')).toBeUndefined();
  });

  it('keeps two different qualified fields with the same head apart', () => {
    const set = new FieldSet();
    set.add(makeField('name', 'string', 'name', 0));
    set.add(makeField('manager_name', 'string', 'name', 10));
    expect(set.all().map((f) => f.key)).toEqual(['name', 'manager_name']);
  });
});

describe('text case helpers', () => {
  it('converts between the cases the planner writes', () => {
    const snake = ["Customer's E-mail Address", 'Café #1', '2nd line', '!!!'].map((text) => snakeCase(text));
    expect(snake).toEqual(['customers_e_mail_address', 'cafe_1', 'field_2nd_line', 'field']);
    expect(sentenceCase('order_id')).toBe('Order ID');
    const titles = ['meeting notes of the week', 'csv export'].map((text) => titleCase(text));
    expect(titles).toEqual(['Meeting Notes of the Week', 'CSV Export']);
    expect(humanList(['a', 'b', 'c'])).toBe('a, b and c');
    expect(['entries', 'attendees', 'status'].map((word) => singular(word))).toEqual(['entry', 'attendee', 'status']);
  });
});
