import { describe, expect, it } from 'vitest';
import { readChoices } from './choices';
import { fieldsOf, stateAfter } from './test-support/it-reads';

const choicesOf = (prompt: string) => fieldsOf(stateAfter(readChoices, prompt));

describe('readChoices', () => {
  it('reads "whether it is A, B or C" as a choice about what "it" is', () => {
    expect(choicesOf('Label a parcel. Say on the form whether it is small, medium or large.')).toEqual([
      'parcel_type:enum(small|medium|large)',
    ]);
    expect(choicesOf('whether the account is Free, Pro or Team')).toEqual(['account_type:enum(Free|Pro|Team)']);
  });

  it('does not take the clause after the values for a value', () => {
    expect(choicesOf('whether it is a loan or a grant, and then write a letter')).toEqual(['type:enum(loan|grant)']);
  });

  it('reads "one of" and "either" lists after their key', () => {
    expect(choicesOf('a tier that is one of basic, standard or premium')).toEqual([
      'tier:enum(basic|standard|premium)',
    ]);
    expect(choicesOf('the seat, either aisle or window')).toEqual(['seat:enum(aisle|window)']);
  });

  it('leaves a yes/no "whether" to the booleans', () => {
    expect(choicesOf('whether the order is urgent')).toEqual([]);
  });
});
