/**
 * A yes-or-no said of anyone, a question already said with "whether", and a count that goes on to a
 * plural without its -s: "whether anyone has allergies" is has_allergies; "and whether editing is
 * included?" is editing_included; "the number of adults and children" counts both. Prompts written for
 * the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedTypes as typed } from '../test-support/planned-inputs';

describe('a yes-or-no', () => {
  it('said of anyone has what they have', () => {
    expect(typed('Camp booking: the camper’s name, the week, and whether anyone has medical needs.')).toMatchObject({
      has_medical_needs: 'boolean',
    });
    expect(typed('Dinner booking: the party size and whether somebody needs a high chair.')).toMatchObject({
      needs_high_chair: 'boolean',
    });
  });

  it('asked with "whether" and a question mark says "whether" once', () => {
    const asked = typed('Quote: the page count, and whether proofreading is included?');
    expect(asked).toMatchObject({ proofreading_included: 'boolean' });
    expect(Object.keys(asked).some((key) => key.startsWith('whether'))).toBe(false);
  });
});

describe('a count', () => {
  it('goes on to a plural without its -s', () => {
    expect(typed('Coach booking: the number of men and women travelling, and the pickup date.')).toMatchObject({
      number_of_men: 'integer',
      number_of_women: 'integer',
    });
    expect(typed('Ticket order: the number of adults and children in the group.')).toMatchObject({
      number_of_adults: 'integer',
      number_of_children: 'integer',
    });
  });
});
