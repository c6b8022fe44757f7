import { describe, expect, it } from 'vitest';
import { readBooleans } from './booleans';
import { fieldsOf, stateAfter } from './test-state';

const booleansOf = (prompt: string) => fieldsOf(stateAfter(readBooleans, prompt));

describe('readBooleans', () => {
  it('names a "whether" clause by its predicate', () => {
    expect(booleansOf('say whether the invoice is overdue')).toEqual(['overdue:boolean?']);
    expect(booleansOf('whether to attach a receipt')).toEqual(['attach_receipt:boolean?']);
    expect(booleansOf('whether the candidate needs a visa')).toEqual(['needs_visa:boolean?']);
  });

  it('reads "x or not", "x (yes/no)" and "a flag for x"', () => {
    expect(booleansOf('vegetarian or not')).toEqual(['vegetarian:boolean?']);
    expect(booleansOf('gift wrap (yes/no)')).toEqual(['gift_wrap:boolean?']);
    expect(booleansOf('a checkbox for newsletter signup')).toEqual(['newsletter_signup:boolean?']);
  });

  it('describes the field with the clause', () => {
    const state = stateAfter(readBooleans, 'whether the order is a gift');
    expect(state.fields.all()[0]?.description).toBe('Whether the order is a gift.');
  });
});
