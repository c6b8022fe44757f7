/**
 * Inputs someone else tells the person ("they give name, …", "the supervisor enters start time …",
 * "they tell me the order number"), and the tagger's readings they rest on: a verb after its subject
 * is no part of a name, two verbs in a row do not both act, "work out" is a verb. Prompts written for
 * the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const plan = (prompt: string) => planWorkflow(prompt, {});
const keys = (prompt: string) => Object.keys(plan(prompt).input_schema?.properties ?? {});

describe('what others tell the person', () => {
  it('reads a list after "they give" as inputs, the verb not part of the first name', () => {
    expect(keys('When a visitor signs in, they give name, host and arrival time, and I want a badge.')).toEqual([
      'name',
      'host',
      'arrival_time',
    ]);
  });

  it('reads "the supervisor enters start time and end time" as two times, and ", work out …" as what is made', () => {
    expect(
      keys(
        'shift log - the supervisor enters start time and end time and the site name, work out hours worked and pay at 14 pounds an hour',
      ),
    ).toEqual(['start_time', 'end_time', 'site_name']);
  });

  it('reads what they tell me as inputs, but "send me" bidden after a day as what is made', () => {
    expect(
      keys(
        'Customers ring up about a late order. They tell me the order number and the promised date, and I need an apology email.',
      ),
    ).toEqual(['order_number', 'promised_date']);
    expect(
      keys('every monday send me a list of the invoices that are more than 30 days late, from our ledger export'),
    ).not.toContain('list');
  });
});

describe('a thing named by a word read as a describing word', () => {
  it('names an estimate by "the concrete required", not by one of its measures', () => {
    expect(plan('Estimate the concrete required for a garden path from its length, width and depth.').name).toBe(
      'Concrete Estimate',
    );
  });
});

describe('pasted texts, sums and yes-or-no questions', () => {
  it('reads a pasted letter as long text, and a choice said after it as what the job answers', () => {
    const schema = planWorkflow(
      'check references for a care home job. i paste the reference letter, you say strong, weak or unclear and why',
      {},
    ).input_schema;
    const letter = (schema?.properties as Record<string, Record<string, unknown>>).reference_letter!;
    expect(letter.enum).toBeUndefined();
    expect(letter.maxLength).toBeGreaterThanOrEqual(1000);
  });

  it('reads "X times Y" as two numbers, and "round up" as what the job does', () => {
    expect(keys('tile calc: floor area times waste factor, then add 10% and round up to whole boxes')).toEqual([
      'floor_area',
      'waste_factor',
    ]);
    expect(plan('tile calc: floor area times waste factor').input_schema?.properties).toMatchObject({
      waste_factor: { type: 'number' },
    });
  });

  it('names a yes or no by what is had or needed, not by who has it, and asks it once', () => {
    expect(
      keys('Quote a bathroom refit from the room size in square metres and whether the customer needs new tiling.'),
    ).toEqual(['room_size', 'needs_new_tiling']);
    expect(
      keys(
        'Estimate cover for a shop given the stock value and whether the shop has a sprinkler, with 5% off for a sprinkler.',
      ),
    ).toEqual(['stock_value', 'has_sprinkler']);
  });

  it('reads "the total contents value" as a value, not the content’s value', () => {
    expect(keys('Work out the insurance premium from the total contents value and the postcode.')).toEqual([
      'total_contents_value',
      'postcode',
    ]);
  });
});

describe('terse lists, senders and ways of meeting', () => {
  it('joins items with "+", reads "paste …" after a colon as the verb, and pasted requirements as text', () => {
    const schema = plan('vet jobs: paste cover letter + role requirements, say if we should interview').input_schema;
    const properties = schema?.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(['cover_letter', 'role_requirements']);
    expect(properties.role_requirements!.type).toBe('string');
  });

  it('keys a date and time as one moment, offers "in person" as a value, and asks nothing of a named sender', () => {
    const schema = plan(
      'viewing confirmation sms - buyer name, viewing date & time, and whether it is in person or video. from the Lettings Team',
    ).input_schema;
    const properties = schema?.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(['buyer_name', 'viewing_date_time', 'format']);
    expect(properties.viewing_date_time).toMatchObject({ format: 'date-time', title: 'Viewing date and time' });
    expect(properties.format!.enum).toEqual(['in person', 'video']);
  });
});

describe('terse notes and open lists', () => {
  it('keeps "total project cost" one value in a terse note, and asks for the checked thing no more', () => {
    expect(keys('bursary check: total course cost, household income, and number of dependants')).toEqual([
      'total_course_cost',
      'household_income',
      'number_of_dependants',
    ]);
  });

  it('reads "any complaints or compliments" as what applies, not a choice of one', () => {
    const properties = plan('shift handover note: ward name, patients seen, any complaints or compliments').input_schema
      ?.properties as Record<string, Record<string, unknown>>;
    expect(Object.values(properties).some((p) => Array.isArray(p.enum))).toBe(false);
  });

  it('reads arrears, capacities and a web address by what they hold', () => {
    const properties = plan(
      'Write a rent statement from the tenant name, the monthly rent, any arrears, the room capacity and the landlord’s web address.',
    ).input_schema?.properties as Record<string, Record<string, unknown>>;
    expect(properties).toMatchObject({
      arrears: { type: 'number' },
      room_capacity: { type: 'number' },
      web_address: { format: 'uri' },
    });
  });
});

describe('spans of days, idioms and words the dictionary lacks', () => {
  it('asks where a stay starts and ends, but keeps the days someone was late a list', () => {
    expect(keys('Write a reference for a lodger with their name and the dates they stayed with us')).toEqual([
      'name',
      'start_date',
      'end_date',
    ]);
    expect(keys('Write a note to a pupil about the dates they were absent, with their name')).not.toContain(
      'start_date',
    );
  });

  it('reads "an out of office reply" as what is made, and "funder" as written', () => {
    expect(keys('Write an out of office reply with my holiday dates and who to contact instead')).not.toContain(
      'office_reply',
    );
    expect(keys('Draft a thank-you to a grant funder using the funder name and the award amount')).toContain(
      'funder_name',
    );
  });
});

describe('inputs a prompt declares in a sentence of its own', () => {
  it('reads "The inputs would be …" as the inputs', () => {
    expect(
      keys(
        'We run a choir. I want a concert programme. The inputs would be the concert date, the venue name and the number of songs.',
      ),
    ).toEqual(expect.arrayContaining(['concert_date', 'venue_name', 'number_of_songs']));
  });

  it('goes on with a list a thing "has" after a bracketed choice, and names a yes or no without "there"', () => {
    const listed = keys(
      'Check a refund request: the request has a reason (damaged or late), an amount, and whether there is a photo attached.',
    );
    expect(listed).toEqual(expect.arrayContaining(['reason', 'amount', 'photo_attached']));
  });
});

describe('units of land, weight and dose', () => {
  it('reads a unit alone ("miles") as an amount, and "the expected number of guests" as a count', () => {
    const delivery = plan('Delivery log: date, driver, miles, fuel cost.').input_schema?.properties as Record<
      string,
      Record<string, unknown>
    >;
    expect(delivery.miles).toMatchObject({ type: 'number' });
    const venue = plan('Venue quote: room hire, the expected number of guests and the catering cost per head.')
      .input_schema?.properties as Record<string, Record<string, unknown>>;
    expect(venue.expected_number_of_guests).toMatchObject({ type: 'integer' });
  });

  it('reads hectares and acres as units, and a dose "in mg per kg" as a dose per kg', () => {
    expect(keys('Work out the seed to buy from the plot size in acres and the sowing rate in kg per acre.')).toEqual([
      'plot_size',
      'sowing_rate',
    ]);
    const properties = plan('Calculate a cat’s tablet dose from its weight in kg and the dose in mg per kg.')
      .input_schema?.properties as Record<string, Record<string, unknown>>;
    expect(properties.dose_per_kg).toMatchObject({ type: 'number' });
  });
});

describe('choices of a thing "which" asks about', () => {
  it('offers the values in brackets after "which X …" as X’s choices', () => {
    const properties = (prompt: string) =>
      plan(prompt).input_schema?.properties as Record<string, Record<string, unknown>>;
    expect(
      properties('Write a kit reminder with the player name and which squad they play in (U10, U12, U14)').squad,
    ).toMatchObject({
      enum: ['U10', 'U12', 'U14'],
    });
    expect(
      properties('Write a pickup note: customer name and which branch to collect it from (North, Central or Harbour)')
        .branch,
    ).toMatchObject({ enum: ['north', 'central', 'harbour'] });
  });
});

describe('yes-or-no questions among what is given', () => {
  it('reads "given whether …" as a yes or no, named by what is said of its subject', () => {
    const properties = plan(
      'Decide if a tenant can sublet, given whether the tenant is a student and the monthly rent.',
    ).input_schema?.properties as Record<string, Record<string, unknown>>;
    expect(properties.student).toMatchObject({ type: 'boolean' });
  });
});

describe('whole lists a misread word used to lose', () => {
  it('reads "that letter from the tenant’s name, …" after a story as what it is written from', () => {
    expect(
      keys(
        "We run a small letting agency. Tenants often fall behind. Can you write that letter from the tenant's name, the flat address and the rent owed?",
      ),
    ).toEqual(['tenant_name', 'flat_address', 'rent']);
  });

  it('reads a word that owns something as a thing ("the recipient’s name and address")', () => {
    expect(keys("Draft a complaint letter from the recipient's name and address and the order number.")).toEqual([
      'recipient_name',
      'recipient_address',
      'order_number',
    ]);
  });
});

it('reads "nr of nights" as the number of nights', () => {
  expect(keys('packing list maker - destination, nr of nights, weather')).toEqual([
    'destination',
    'number_of_nights',
    'weather',
  ]);
});

it('reads "a list of the services delivered" as a list, whatever article comes between', () => {
  expect(
    plan("Write an invoice using the client's name, a list of the services delivered and the due date.").input_schema
      ?.properties,
  ).toMatchObject({ services_delivered: { type: 'array' } });
});

describe('both ends of a span', () => {
  it('asks when the works start and end, by whose span it is', () => {
    expect(
      keys('Draft a road works notice with the street name, the works start and end dates and the diversion.'),
    ).toEqual(['street_name', 'works_start_date', 'works_end_date', 'diversion']);
  });

  it('reads "check-in and check-out dates" as two dates, the first read as a describing word', () => {
    expect(keys('refund note for a cancelled stay - guest name + the original check-in and check-out dates')).toEqual([
      'guest_name',
      'original_check_in_date',
      'original_check_out_date',
    ]);
  });
});

describe('counts and lengths said as questions', () => {
  it('reads "how many days a week" as a count per week', () => {
    expect(
      keys("Build a training plan from the runner's age, their best 5k time and how many days a week they can run."),
    ).toContain('days_per_week');
  });

  it('reads "how long each act is (mins)" as a list of lengths in minutes', () => {
    expect(
      plan("i'll give you the venue, the list of acts and how long each act is (mins), make a running order")
        .input_schema?.properties,
    ).toMatchObject({ act_lengths_minutes: { type: 'array', items: { type: 'number' } } });
  });
});

it('reads "date seen" as a date, named by what happened then', () => {
  expect(plan('visit summary for a patient — name, date seen, and the notes').input_schema?.properties).toMatchObject({
    date_seen: { type: 'string', format: 'date' },
  });
});

it('leaves out a value said to be there only "if they gave it"', () => {
  expect(
    plan('loyalty card text - member name, points balance and their birthday if they gave it').input_schema?.required,
  ).toEqual(['member_name', 'points_balance']);
});
