import { describe, expect, it } from 'vitest';
import { readBooleans } from './booleans';
import { fieldsOf, itStageReads, stateAfter } from './test-support/it-reads';

describe('readBooleans', () => {
  itStageReads(readBooleans, fieldsOf, {
    'names a "whether" clause by its predicate': {
      'say whether the invoice is overdue': ['overdue:boolean?'],
      'whether to attach a receipt': ['attach_receipt:boolean?'],
      'whether the candidate needs a visa': ['needs_visa:boolean?'],
    },
    'reads "x or not", "x (yes/no)" and "a flag for x"': {
      'vegetarian or not': ['vegetarian:boolean?'],
      'gift wrap (yes/no)': ['gift_wrap:boolean?'],
      'a checkbox for newsletter signup': ['newsletter_signup:boolean?'],
    },
  });

  it('describes the field with the clause', () => {
    const state = stateAfter(readBooleans, 'whether the order is a gift');
    expect(state.fields.all()[0]?.description).toBe('Whether the order is a gift.');
  });
});
