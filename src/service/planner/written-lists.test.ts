/**
 * Lists as people write them in notes: one item to a line with bullets, dashes or numbers, a unit in
 * brackets, values parted by slashes, a choice listed after a bracket. Prompts written for the test,
 * not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; format?: string; enum?: string[] };
const formOf = (prompt: string) => {
  const schema = planWorkflow(prompt, {}).input_schema;
  return {
    properties: (schema?.properties ?? {}) as Record<string, Property>,
    required: (schema?.required ?? []) as string[],
  };
};

describe('a list one item to a line', () => {
  it.each([
    ['- ', 'dashes'],
    ['• ', 'bullets'],
    ['* ', 'asterisks'],
  ])('reads "%s" items (%s) as the list of inputs', (bullet) => {
    const prompt = `Boiler service record:\n${['engineer name', 'boiler make', 'gas pressure (mbar)', 'service date', 'next service due'].map((item) => `${bullet}${item}`).join('\n')}\nFlag it if the pressure is under 18 mbar.`;
    const { properties } = formOf(prompt);
    expect(Object.keys(properties)).toEqual([
      'engineer_name',
      'boiler_make',
      'gas_pressure',
      'service_date',
      'next_service_due',
    ]);
    expect(properties.gas_pressure?.type).toBe('number');
    expect(properties.service_date?.format).toBe('date');
  });

  it('reads numbered items, and a question among them as a yes or no', () => {
    const { properties } = formOf(
      'Pet boarding check-in:\n1. owner name\n2. pet name\n3. number of nights\n4. does the pet need medication?',
    );
    expect(properties.owner_name?.type).toBe('string');
    expect(properties.number_of_nights?.type).toBe('integer');
    expect(Object.entries(properties).find(([key]) => /medication/.test(key))?.[1].type).toBe('boolean');
  });

  it('reads lines that are sentences as sentences, not as one list', () => {
    const { properties } = formOf(
      '- quote for a fence\n- customer, address, fence length in metres\n- panels are £45 each, work it out\n- add gates if any',
    );
    expect(properties.fence_length?.type).toBe('number');
    expect(Object.keys(properties)).not.toContain('panels');
  });
});

describe('values written in shorthand', () => {
  it('takes a unit in brackets as the unit of a number', () => {
    const { properties } = formOf(
      'Log a delivery: driver name, load weight (kg), distance (miles) and the delivery date.',
    );
    expect(properties.load_weight?.type).toBe('number');
    expect(properties.distance?.type).toBe('number');
    expect(Object.keys(properties)).not.toContain('kg');
  });

  it('reads values parted by slashes after a colon as a choice', () => {
    const { properties } = formOf(
      'Write a case note: client name, case type: housing / benefits / debt advice, and the next steps.',
    );
    expect(properties.case_type?.enum).toEqual(['housing', 'benefits', 'debt advice']);
  });

  it('leaves "date/time" and "email/phone" as things to give', () => {
    const { properties } = formOf(
      'Confirm a viewing: applicant name, email/phone, viewing date/time and the property.',
    );
    expect(Object.values(properties).every((p) => p.enum === undefined)).toBe(true);
  });

  it('names a choice listed after a bracket by its values, not by the bracket before it', () => {
    const { properties } = formOf(
      'Set up a new hire: employee name, team (Support, Sales, Marketing), Windows or Mac, and start date.',
    );
    expect(properties.team?.enum).toEqual(['support', 'sales', 'marketing']);
    expect(Object.values(properties).filter((p) => p.enum?.join() === 'windows,mac')).toHaveLength(1);
    expect(Object.keys(properties)).not.toContain('marketing');
  });

  it('reads a dash after a name as opening its list', () => {
    const { properties } = formOf('van hire record - driver name, licence number, pickup date, insurance excess');
    expect(Object.keys(properties)).toEqual(['driver_name', 'licence_number', 'pickup_date', 'insurance_excess']);
    expect(properties.insurance_excess?.type).toBe('number');
  });

  it('reads "from/to time" as a start and an end', () => {
    const { properties } = formOf('Desk booking: employee name, date, from/to time and floor.');
    expect(properties.start_time?.format).toBe('time');
    expect(properties.end_time?.format).toBe('time');
  });

  it('types a value by its noun before what happened to it: "date paid"', () => {
    const { properties } = formOf('Work out a late fee from the invoice total, the due date and the date paid.');
    expect(properties.date_paid?.format).toBe('date');
  });

  it('reads a range right after a value as its bounds, and the list going on after it', () => {
    const { properties } = formOf('Feedback note: pupil name, reading level 1-8, one target and the date.');
    expect(properties.reading_level).toMatchObject({ type: 'integer', minimum: 1, maximum: 8 });
    expect(Object.keys(properties)).toEqual(['pupil_name', 'reading_level', 'target', 'date']);
  });

  it('reads "(list)" after an item as a list of it', () => {
    const { properties } = formOf(
      'Write a garden design brief. I will give the client name, plants wanted (list), budget and the garden size.',
    );
    expect(properties.plants_wanted?.type).toBe('array');
    expect(properties.budget?.type).toBe('number');
  });

  it('reads "booked? y/n" as a yes or no', () => {
    const { properties } = formOf('salon welcome text: client name, first visit date, patch test done? y/n');
    expect(Object.values(properties).filter((p) => p.type === 'boolean')).toHaveLength(1);
  });

  it('reads a bracket of plans as a choice though one of them is also a money word', () => {
    const { properties } = formOf(
      'Write a renewal email: member name, plan (basic, standard, premium) and renewal date.',
    );
    expect(properties.plan?.enum).toEqual(['basic', 'standard', 'premium']);
  });
});

describe('values parted by slashes after what they are of', () => {
  it('reads "room single/double/suite" as a choice of room, and the list goes on after it', () => {
    const { properties } = formOf('hotel booking note. guest name, room single/double/suite, arrival date, nights');
    expect(Object.keys(properties)).toEqual(['guest_name', 'room', 'arrival_date', 'nights']);
    expect(properties.room?.enum).toEqual(['single', 'double', 'suite']);
    // The first item after a colon, too.
    expect(formOf('hotel booking note: room single/double/suite, guest name').properties.room?.enum).toEqual([
      'single',
      'double',
      'suite',
    ]);
  });

  it('keeps "phone/email/post", mostly things to give, as things to give', () => {
    const { properties } = formOf('complaint log. customer name, contact phone/email/post, complaint date');
    expect(properties.contact?.enum).toBeUndefined();
  });

  it('reads "drop off time" and "check in date" as one thing each', () => {
    const { properties } = formOf('kennel booking. dog name, check in date, drop off time, pick up time');
    expect(Object.keys(properties)).toEqual(['dog_name', 'check_in_date', 'drop_off_time', 'pick_up_time']);
    expect(properties.drop_off_time?.format).toBe('time');
  });
});

describe('values in brackets without an "or"', () => {
  it('reads values of a few words after one thing as its choice: "(brand new, like new, for parts)"', () => {
    const { properties } = formOf(
      'bike sale note: frame size, state (brand new, like new, well used, for parts), price',
    );
    expect(Object.keys(properties)).toEqual(['frame_size', 'state', 'price']);
    expect(properties.state?.enum).toEqual(['brand new', 'like new', 'well used', 'for parts']);
  });

  it("leaves a list's columns and one value for each of them alone", () => {
    const phases = formOf('log the hours spent on each phase (early design, first build, final test) for a project');
    expect(phases.properties.phase?.enum).toBeUndefined();
    const deals = formOf('summarise the deals list I paste (deal name, sales stage, expected close)');
    expect(Object.values(deals.properties).some((p) => p.enum)).toBe(false);
  });
});

describe('a first item the tagger reads as a verb or an adjective', () => {
  it.each(['total', 'address', 'start', 'transfer'])(
    'reads "reminder - %s, due date, reference" as three inputs',
    (word) => {
      const { properties } = formOf(`reminder - ${word}, due date, reference`);
      expect(Object.keys(properties)).toEqual([word, 'due_date', 'reference']);
    },
  );

  it.each(['total', 'start', 'return', 'update'])(
    'reads "their %s" as what they have, and after a possessive noun too',
    (word) => {
      expect(Object.keys(formOf(`Write a note using their ${word} and the due date.`).properties)).toEqual([
        word,
        'due_date',
      ]);
      expect(
        Object.keys(formOf(`Write a note from the customer's ${word}, the due date and the reference.`).properties),
      ).toEqual([word, 'due_date', 'reference']);
    },
  );

  it('reads such a word first in brackets and last before "and", but "start and end time" shares its noun', () => {
    expect(Object.keys(formOf('For each row (transfer, due date, owner) write a reminder.').properties)).toEqual([
      'transfer',
      'due_date',
      'owner',
    ]);
    expect(Object.keys(formOf('The form has their name, start and email. Write a reply.').properties)).toEqual([
      'name',
      'start',
      'email',
    ]);
    expect(Object.keys(formOf('Write a shift note from the date, start and end time.').properties)).toEqual([
      'date',
      'start_time',
      'end_time',
    ]);
  });
});
