/**
 * Two owners before one thing each has, two of one thing told apart by whose each is, and a thing a
 * modifier describes alone in a list: "the landlord's and tenant's names" asks for both names; "the
 * buyer's email address, the seller's email address" asks for both; "home team, away team" keeps the
 * away team. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedTypes as typed } from '../test-support/planned-inputs';

describe('two owners of one thing', () => {
  it('asks for the thing of each', () => {
    expect(typed("Print a tenancy summary with the landlord's and tenant's names and the monthly rent.")).toEqual({
      landlord_name: 'string',
      tenant_name: 'string',
      monthly_rent: 'number',
    });
    expect(typed("Emergency card: the pupil's name, mum's and dad's phone numbers, and any allergies.")).toEqual({
      pupil_name: 'string',
      mum_phone_number: 'string',
      dad_phone_number: 'string',
      allergies: 'array',
    });
  });

  it('tells two of one thing apart by whose each is', () => {
    expect(
      Object.keys(
        typed(
          "Send a handover note with the buyer's email address, the seller's email address and the completion date.",
        ),
      ),
    ).toEqual(['buyer_email', 'seller_email', 'completion_date']);
  });

  it('leaves one owner of one thing as it was', () => {
    expect(Object.keys(typed("Write a note with the buyer's email address and the sale price."))).toEqual([
      'email',
      'sale_price',
    ]);
  });
});

describe('a thing a modifier describes, alone in a list', () => {
  it('is an item of the list', () => {
    expect(Object.keys(typed('Fixture sheet: home team, away team, kick-off time and referee.'))).toEqual([
      'home_team',
      'away_team',
      'kick_off_time',
      'referee',
    ]);
  });

  it('is not a place or a time said with "where" or "when"', () => {
    expect(Object.keys(typed('Found items log: item, where found, date found, who handed it in.'))).not.toContain(
      'where_found',
    );
  });
});

describe('a list that goes on after a count it asks', () => {
  it('keeps the items after "how many …,"', () => {
    expect(Object.keys(typed('Kennel booking: owner name, how many dogs, kennel size, drop-off date.'))).toEqual([
      'owner_name',
      'number_of_dogs',
      'kennel_size',
      'drop_off_date',
    ]);
  });
});
