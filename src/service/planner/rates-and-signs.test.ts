/**
 * A count for each of a thing, and words the tagger or a neighbour misreads: a count said "at each" of a
 * thing is one number per thing, a count for each day stays a value a day; a word after "per" is a
 * thing; a sign that is a thing signs nothing; a date is named by the noun of what happens on it; a plural owner
 * names one of its kind; a currency sign with no amount makes an item money; what an owner
 * has keeps its name when a thing it is of follows; a pair of values before a noun is a choice of it;
 * "final" says which; a standard way of working is stated; a participle before a unit's bracket is named;
 * a person or a tool listed in a note is asked for;
 * how long someone did a thing is the time they did it;
 * a colon after a result says what it is like;
 * what ranks first in a made thing is found, not given;
 * the length of a thing is its length; the day of the week is a weekday;
 * the cost of any of a thing may be left out; things sold are counted; a gravity is a number;
 * needs listed after what describes them are a thing, and may be left out. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { plannedProperties as properties, plannedTypes as typed } from '../test-support/planned-inputs';

describe('a count for each of a thing', () => {
  it('is one number per thing, not a list', () => {
    expect(typed('Plan the minibus runs from the pupil names and the number of seats in each minibus.')).toEqual({
      pupil_names: 'array',
      seats_per_minibus: 'integer',
    });
  });

  it('stays a value for each time', () => {
    expect(typed('Draw up a bakery plan from the number of loaves for each day and the flour price.')).toMatchObject({
      number_of_loaves: 'array',
    });
  });

  it('is named per thing when a question asks it', () => {
    expect(typed('Plan a garden tour from a list of beds and how many minutes to stay at each bed.')).toMatchObject({
      minutes_per_bed: 'number',
    });
    expect(typed('Cleaning quote: the postcode and how many hours to allow per bathroom.')).toMatchObject({
      hours_per_bathroom: 'number',
    });
  });

  it('reads a word after "per" as a thing', () => {
    expect(Object.keys(properties('Ferry timetable: the crossings and the minutes per stop.'))).toContain(
      'minutes_per_stop',
    );
  });
});

describe('a sign that is a thing', () => {
  it('is priced from what follows "from"', () => {
    expect(typed('Cost a road sign from its length and depth in mm.')).toEqual({ length: 'number', depth: 'number' });
  });

  it('still leaves a sign-off out of the form', () => {
    expect(
      Object.keys(
        properties('Write a welcome note to a new member with their name, signed off from the Club Secretary.'),
      ),
    ).toEqual(['name']);
  });
});

describe('a date named by what happens on it', () => {
  it('takes the noun of the event, after "the" or a possessive', () => {
    expect(typed('Write a renewal letter with the member name and the date their subscription expires.')).toEqual({
      member_name: 'string',
      subscription_expiry_date: 'string',
    });
    expect(Object.keys(properties('Log a parcel: the courier and the date it arrived.'))).toContain('arrival_date');
  });

  it('keeps a verb that has no such noun', () => {
    expect(Object.keys(properties('Write a notice: the shop name and the date the sale ends.'))).toContain(
      'sale_end_date',
    );
  });
});

describe('a plural owner', () => {
  it('names the values after one of its kind', () => {
    expect(typed("Pair up a list of members' names into doubles partners at random.")).toEqual({
      member_names: 'array',
    });
  });
});

describe('a currency sign with no amount', () => {
  it('makes the item money, bare or after "in"', () => {
    expect(typed('dog walk invoice: walks, parking $, date')).toMatchObject({ parking: 'number' });
    expect(
      typed('Work out a hedge trimming bill from the hours, the green waste fee in £ and the date.'),
    ).toMatchObject({
      green_waste_fee: 'number',
    });
  });

  it('leaves a stated amount out of the form', () => {
    expect(Object.keys(properties('Cleaning bill: hours, parking £5, date'))).not.toContain('parking');
  });
});

describe("an owner's attribute of a thing", () => {
  it('joins the thing it is of, after the owner', () => {
    expect(Object.keys(properties("Make a birthday card from the member's date of birth."))).toEqual(['birth_date']);
    expect(Object.keys(properties("Write a welcome note with the player's date of birth."))).toEqual([
      'player_birth_date',
    ]);
  });
});

describe('a pair of values before the noun they describe', () => {
  it('is a choice of that noun, after the fields listed before it', () => {
    const quote = properties('Quote for a sofa: the width, linen or velvet fabric, and the postcode');
    expect(Object.keys(quote)).toEqual(['width', 'fabric', 'postcode']);
    expect(quote.fabric?.enum).toEqual(['linen', 'velvet']);
    expect(properties('Leaflet job: how many copies, and single or double sided').sided?.enum).toEqual([
      'single',
      'double',
    ]);
  });

  it('leaves values of several words in a bracket whole', () => {
    expect(properties('Price a picture frame: the width, the frame (oak, pine or brushed steel)').frame?.enum).toEqual([
      'oak',
      'pine',
      'brushed steel',
    ]);
  });
});

describe('words that say which, and how', () => {
  it('keeps "final" when it tells one value from another', () => {
    expect(Object.keys(properties('Work out the distance from the start reading and the final reading.'))).toEqual([
      'start_reading',
      'final_reading',
    ]);
  });

  it('states a standard way of working', () => {
    expect(Object.keys(properties('Work out the dose from the weight in kg, using the standard formula.'))).toEqual([
      'weight',
    ]);
  });

  it('names a value by its participle before a bracketed unit', () => {
    expect(typed('escape room log: team name, time taken (mins), clues used')).toMatchObject({ time_taken: 'number' });
  });
});

describe('a person or a tool listed in a terse note', () => {
  it('is asked for', () => {
    expect(Object.keys(properties('late payment letter - tenant, flat number, amount owed'))).toEqual([
      'tenant',
      'flat_number',
      'amount_owed',
    ]);
    expect(Object.keys(properties('kit return form - member, tool, date borrowed'))).toEqual([
      'member',
      'tool',
      'date_borrowed',
    ]);
  });

  it('keeps whose a value is with what describes it', () => {
    expect(Object.keys(properties('clinic reminder text - patient first name, appointment date, time'))).not.toContain(
      'patient',
    );
  });
});

describe('how long someone did a thing, in a list', () => {
  it('is the time they did it', () => {
    expect(
      typed('Write a long-service card using their name, their team and how long they have worked here.'),
    ).toMatchObject({ time_worked: 'number' });
  });
});

describe('a colon after a result', () => {
  it('says what the result is like, and asks nothing', () => {
    expect(
      Object.keys(
        properties('Turn a list of postcodes into a clean list: all uppercase, no duplicates, and bad ones removed.'),
      ),
    ).toEqual(['postcodes']);
  });

  it('still asks the values the result is made from', () => {
    expect(
      Object.keys(properties('Turn a booking into a confirmation: guest name, arrival date and room type.')),
    ).toEqual(['guest_name', 'arrival_date', 'room_type']);
  });
});

describe('what ranks first in a made thing', () => {
  it('is found in what is given, not asked', () => {
    expect(
      Object.keys(properties('Go through the survey answers I paste and give me a list of the main themes.')),
    ).toEqual(['survey_answers']);
  });

  it('is asked when the list is taken', () => {
    expect(Object.keys(properties('Take the list of top sellers and write the weekly stock email.'))).toContain(
      'top_sellers',
    );
  });
});

describe('a measure of a thing, and a day of the week', () => {
  it('names the length by its thing', () => {
    expect(typed('Fencing quote: length of fence in metres, number of gates')).toEqual({
      fence_length: 'number',
      number_of_gates: 'integer',
    });
  });

  it('names the day of the week a weekday', () => {
    expect(
      Object.keys(properties('Write a rota note with the helper name and the day of the week they can come.')),
    ).toContain('weekday');
  });
});

describe('counts, measures and what may be left out', () => {
  it('counts things sold and leaves out the cost of any extras', () => {
    expect(properties('Bake sale report: cakes sold, the pitch fee, and the cost of any extra trays.')).toMatchObject({
      cakes_sold: { type: 'integer' },
    });
    const quote = planWorkflow('Quote: the hours and the cost of any parts.', {}).input_schema;
    expect(quote?.required).toEqual(['hours']);
  });

  it('reads a gravity as a number', () => {
    expect(typed('Work out the strength of a cider from the starting gravity and the end gravity.')).toEqual({
      starting_gravity: 'number',
      end_gravity: 'number',
    });
  });
});

describe('needs listed among the inputs', () => {
  it('are a thing the person may leave out', () => {
    const form = planWorkflow('Sign-up form with the member name, email, access needs if any and a phone number.', {});
    expect(Object.keys(form.input_schema?.properties ?? {})).toContain('access_needs');
    expect(form.input_schema?.required).not.toContain('access_needs');
  });
});

describe('where these rules stop', () => {
  it('keeps a statistic named "standard", and a wait that is no known span', () => {
    expect(
      Object.keys(properties('Work out the z score from the value, the mean and the standard deviation.')),
    ).toContain('deviation');
    expect(
      Object.keys(properties('Reply to a complaint given their name, the product and how long they waited.')),
    ).not.toContain('time_waited');
  });

  it('reads no rate from "to" and a verb without "each" or "per"', () => {
    expect(Object.keys(properties('Plan a party from the budget and how many people to invite for a party.'))).toEqual([
      'budget',
      'number_of_people',
    ]);
  });

  it('asks for what ranks first when the person hands it over', () => {
    expect(Object.keys(properties('Write a summary of the top complaints I paste in.'))).toEqual(['top_complaints']);
  });
});
