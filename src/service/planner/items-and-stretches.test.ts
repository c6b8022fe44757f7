/**
 * A list of items, an amount for a stretch of time, and what was done already: "list of items" asks for
 * the items; "total tips for the night and the list of staff" goes on past the night; "tax already paid"
 * is one value. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedTypes as typed } from '../test-support/planned-inputs';

describe('a list of items', () => {
  it('asks for the items', () => {
    expect(typed('Returns note - order number, list of items, reason for return')).toMatchObject({ items: 'array' });
    expect(typed('Courier label for a parcel: the address, the items (a list) and the weight.')).toMatchObject({
      items: 'array',
    });
  });
});

describe('an amount for a stretch of time', () => {
  it('is the amount, and the list goes on past it', () => {
    expect(typed('Bar cash-up: total takings for the shift and the names of staff on duty.')).toEqual({
      total_takings: 'number',
      staff_names: 'array',
    });
  });
});

describe('what was done already', () => {
  it('is one value, named with it', () => {
    expect(typed('Work out the balance from the invoice total and the amount already paid (in £).')).toMatchObject({
      amount_already_paid: 'number',
    });
    expect(typed('Estimate the tax owed from income, expenses and the tax already paid (all in £).')).toEqual({
      income: 'number',
      expenses: 'number',
      tax_already_paid: 'number',
    });
  });
});
