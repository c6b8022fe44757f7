/**
 * Choices and counts said inside a list of inputs: after "whether it's X or Y" the list goes on; a thing
 * given "as" one of two values is that choice; "how many of them are X" counts X; dates an event names
 * stay plural. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedProperties as properties, plannedTypes as typed } from '../test-support/planned-inputs';

describe('a choice listed among the inputs', () => {
  it('leaves the list going after "whether it is X or Y"', () => {
    const asked = properties(
      "Booking letter from the client's name, whether it's a wedding or a funeral, and the florist.",
    );
    expect(Object.keys(asked)).toEqual(['client_name', 'wedding_or_funeral', 'florist']);
    expect(asked.wedding_or_funeral?.enum).toEqual(['wedding', 'funeral']);
  });

  it('is a thing given "as" one of its values', () => {
    const asked = properties(
      'Make a list of courier bookings from the parcel weights, with the delivery as standard or next-day.',
    );
    expect(asked.delivery?.enum).toEqual(['standard', 'next-day']);
  });
});

describe('a count of a kind among those counted', () => {
  it('is asked by the kind', () => {
    expect(typed('Picnic planner: the number of pupils, how many of them are vegan, and the date.')).toEqual({
      number_of_pupils: 'integer',
      vegan: 'integer',
      date: 'string',
    });
  });
});

describe('dates an event names', () => {
  it('stay plural', () => {
    expect(typed('Visit log: the client name and the dates we visited.')).toEqual({
      client_name: 'string',
      visited_dates: 'array',
    });
  });
});
