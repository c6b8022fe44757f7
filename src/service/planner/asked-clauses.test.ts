/**
 * Inputs named by a clause or a sentence of their own: "how much is owed", "roughly how many people
 * will come", "how many weeks until the move", "Input is the order number and the reason.", and a
 * sentence of values each in its unit. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const propertiesOf = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, { type?: string }>;

describe('a clause that names a value', () => {
  it('reads "how much is owed" as the amount owed', () => {
    const properties = propertiesOf(
      'Write a chaser to a supplier: their name, the invoice number, how much is owed and the due date.',
    );
    expect(properties.amount_owed?.type).toBe('number');
  });

  it('reads "where they are flying to" as the destination and "where it happened" as the place', () => {
    expect(
      Object.keys(propertiesOf('Packing list for a client: their name, where they are flying to, trip length')),
    ).toContain('destination');
    expect(Object.keys(propertiesOf('Near-miss log: reporter, where it happened, what was seen'))).toContain(
      'location',
    );
  });

  it('names a count by what was done to the things counted, irregular verbs too', () => {
    const keys = Object.keys(
      propertiesOf("Stall report: stall name, how many tickets they've sold, how many prizes they have given"),
    );
    expect(keys).toEqual(['stall_name', 'tickets_sold', 'prizes_given']);
  });

  it('reads "who" alone in a list as the name of the person', () => {
    expect(Object.keys(propertiesOf('Key loan form: who, key number, date borrowed'))).toEqual([
      'name',
      'key_number',
      'date_borrowed',
    ]);
  });

  it('reads "where … from" as the origin, and leaves a "where" that names no place', () => {
    expect(Object.keys(propertiesOf('Visitor log: name, where they have travelled from, host'))).toContain('origin');
    const keys = Object.keys(propertiesOf('Enquiry form: name, email, where they heard about us'));
    expect(keys).not.toContain('location');
  });

  it('reads "how long unwell (days)" as a number of days, and "how many they have got" as a count', () => {
    expect(propertiesOf('Sick note: employee name, how long off sick (days), reason').days_off_sick?.type).toBe(
      'number',
    );
    expect(Object.keys(propertiesOf('Loyalty note: name, how many stamps they have got'))).toContain(
      'number_of_stamps',
    );
  });

  it('reads "who logged it" as who did it, "what they were worried about" as what, and "the date it is available from"', () => {
    const keys = Object.keys(
      propertiesOf(
        'Spill log: item, who cleaned it up, what they were worried about, and the date it is available from',
      ),
    );
    expect(keys).toEqual(expect.arrayContaining(['cleaned_by', 'what_worried_about', 'available_date']));
    expect(Object.keys(propertiesOf('Sign-off sheet: task, who is checking it'))).toContain('checked_by');
  });

  it('reads "days late" and "weeks remaining" as counts of whole days and weeks', () => {
    expect(propertiesOf('overdue book notice - member name, book title, days late').days_late?.type).toBe('integer');
  });

  it('names a count by what its subject has done with them ("how many days the employee has left")', () => {
    expect(Object.keys(propertiesOf('Leave check: start date, and how many days the employee has left'))).toContain(
      'days_left',
    );
  });

  it('reads "departure and return times" as two times', () => {
    expect(
      Object.keys(propertiesOf('Coach booking: group name, pick-up point, and departure and return times')),
    ).toEqual(expect.arrayContaining(['departure_time', 'return_time']));
  });

  it('reads a count after an adverb', () => {
    const properties = propertiesOf(
      'Plan a street party from the street name, the date, roughly how many people will come and the budget.',
    );
    expect(properties.number_of_people?.type).toBe('integer');
  });

  it('names a count by what it is counted from or to', () => {
    const properties = propertiesOf('Write a moving checklist from the new address and how many weeks until the move.');
    expect(properties.weeks_until_move?.type).toBe('integer');
  });
});

describe('a sentence of values', () => {
  it('reads "Input is …" as what the job is given', () => {
    const properties = propertiesOf(
      'Decide whether a refund request is approved or refused. Input is the order number and the reason for the return.',
    );
    expect(Object.keys(properties)).toEqual(['order_number', 'reason_for_return']);
  });

  it('reads values each given in its unit', () => {
    const properties = propertiesOf(
      'work out how much paint i need. wall height in metres, wall width in metres, and coats of paint. tell me how many tins to buy',
    );
    expect(properties.wall_height?.type).toBe('number');
    expect(properties.wall_width?.type).toBe('number');
  });
});

describe('counts and pairs of a kind', () => {
  it('counts each kind "how many are" lists, titled as asked', () => {
    const plan = planWorkflow(
      'Book a club minibus: trip date, how many are members, juniors or guests, and the pickup point.',
      {},
    );
    const properties = (plan.input_schema?.properties ?? {}) as Record<string, { type?: string; title?: string }>;
    expect(properties.juniors).toMatchObject({ type: 'integer', title: 'How many are juniors' });
    expect(properties.guests?.type).toBe('integer');
  });

  it('reads "start and finish meter readings" as two readings, each a number', () => {
    const properties = propertiesOf(
      'Electricity bill check: tenant name, opening and closing meter readings, and the unit price.',
    );
    expect(properties.opening_meter_reading?.type).toBe('number');
    expect(properties.closing_meter_reading?.type).toBe('number');
  });
});

describe('questions listed among the inputs', () => {
  it('names a time by what happens then, and the list goes on after the questions', () => {
    const properties = propertiesOf(
      'Write a note for a club outing: I give the venue, what time we meet and what time we get home, the price per member and the organiser.',
    ) as Record<string, { type?: string; format?: string }>;
    expect(Object.keys(properties)).toEqual(['venue', 'meet_time', 'time_home', 'price_per_member', 'organiser']);
    expect(properties.meet_time?.format).toBe('time');
  });

  it('reads "what they need to bring" as what to bring, and "say which X" as X', () => {
    expect(
      Object.keys(propertiesOf('Write a camp letter from the camp name, what they need to bring and the start date.')),
    ).toEqual(['camp_name', 'what_to_bring', 'start_date']);
    expect(
      Object.keys(
        propertiesOf(
          'I paste the draft, say which client it is for, the deadline and the budget, and get back a cover note.',
        ),
      ),
    ).toEqual(['draft', 'client', 'deadline', 'budget']);
  });

  it('goes on past a listed question to "and any …"', () => {
    expect(
      Object.keys(
        propertiesOf('A daily farm log: usually the field, how many sheep were moved, what got fixed, and any losses.'),
      ),
    ).toContain('losses');
  });
});

describe('counts asked as questions', () => {
  it('reads counts a person logs or gives, past a describing word, and the list after them', () => {
    const plan = planWorkflow(
      'Write a monthly report for the board. Each month the wardens log how many visitors came in, how many new members joined, and any complaints.',
      {},
    );
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual([
      'number_of_visitors',
      'number_of_members',
      'complaints',
    ]);
    expect(plan.name).toBe('Monthly Report');
    expect(
      Object.keys(propertiesOf('Draft a taxi quote from how many passengers are travelling and the pickup time.')),
    ).toEqual(['number_of_passengers', 'pickup_time']);
  });

  it('reads a question the next sentence works from as what the person answers', () => {
    const plan = planWorkflow(
      'How many children are coming and what time does the party start? Use that to draft a catering quote.',
      {},
    );
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual(['number_of_children', 'party_start_time']);
    expect(plan.name).toBe('Catering Quote');
    // A question the job answers stays the job.
    expect(planWorkflow('Given the floor area, how many tiles do we need?', {}).name).toBe('Tile Calculator');
  });
});
