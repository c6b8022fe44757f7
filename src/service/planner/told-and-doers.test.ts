/**
 * What the person says they will tell, and who does what: a timetable named in the plural; the one
 * who hosts or signs; "I'll say whether …"; values of a choice that open with "A" or a bound of a
 * number; things with what each has in brackets; "in my own words"; the tone the person picks.
 * Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { plannedProperties as properties, plannedTypes as typed } from '../test-support/planned-inputs';

describe('a timetable named in the plural', () => {
  it('is one value in words, not a number or a list', () => {
    expect(typed('Make a poster with the shop name, our opening hours and the phone number.')).toEqual({
      shop_name: 'string',
      opening_hours: 'string',
      phone_number: 'string',
    });
    expect(typed('Surgery notice: practice name, surgery hours, closure date').surgery_hours).toBe('string');
  });

  it('counted per day is still a number of hours', () => {
    expect(typed('Plan a rota from the staff list and the opening hours per day.').opening_hours_per_day).toBe(
      'number',
    );
    expect(typed('Timesheet: staff name, overtime hours, week ending').overtime_hours).toBe('number');
  });
});

describe('who does it, listed among the inputs', () => {
  it('is named as the person: host, signer, presenter', () => {
    expect(
      Object.keys(properties('Quiz night running order: date, start time, number of rounds, who’s hosting')),
    ).toContain('host');
    expect(
      Object.keys(properties('Write a card for a client. I’ll give their first name and who’s signing the card.')),
    ).toEqual(['first_name', 'signer']);
  });

  it('keeps the verb where English has no such person, and "who they spoke to" names whom', () => {
    expect(Object.keys(properties('Shift swap: their shift date, who is covering'))).toContain('covering');
    expect(Object.keys(properties('Incident note: date, who they spoke to, who is reporting it'))).toEqual([
      'date',
      'spoke_to',
      'reported_by',
    ]);
  });
});

describe('"I\'ll say whether …"', () => {
  it('is a yes or no the person gives', () => {
    expect(typed('Work out the deposit. I’ll say whether the booking is refundable and give the total.')).toEqual({
      booking_is_refundable: 'boolean',
      total: 'number',
    });
    expect(typed('Write the welcome email. We’ll tell you whether they have a parking space, and their name.')).toEqual(
      {
        has_parking_space: 'boolean',
        name: 'string',
      },
    );
  });

  it('but what the person wants to know is the job’s answer', () => {
    expect(typed('I want to know whether the order ships free: order total, postcode')).toEqual({
      order_total: 'number',
      postcode: 'string',
    });
    expect(
      Object.keys(properties('Check the invoice and tell me whether it is overdue. I’ll paste the invoice.')),
    ).toEqual(['invoice']);
  });
});

describe('values of a choice', () => {
  it('may open with a capital "A", which is no article there', () => {
    expect(properties('Tutoring invoice: parent’s name, the course (GCSE or A level), the hours').course?.enum).toEqual(
      ['GCSE', 'a level'],
    );
  });

  it('may be a bound of a number: under 18, over 65', () => {
    expect(properties('Membership form: name, age band (under 18, 18-64 or over 65), email').age_band?.enum).toEqual([
      'under 18',
      '18-64',
      'over 65',
    ]);
    expect(
      Object.keys(properties('I’ll paste the note and pick the caller’s age group: child, adult or over 75.')),
    ).toEqual(['note', 'age_group']);
  });
});

describe('things, then what each has in brackets', () => {
  const columnsOf = (prompt: string, key: string) => {
    const schema = planWorkflow(prompt, {}).input_schema as {
      properties: Record<string, { type?: string; items?: { properties?: Record<string, unknown> } }>;
    };
    const field = schema.properties[key];
    return field?.type === 'array' ? Object.keys(field.items?.properties ?? {}) : [];
  };

  it('are a list of rows with those columns', () => {
    expect(
      columnsOf('Project update: project name, the tasks (title, owner, due date), overall status', 'tasks'),
    ).toEqual(['title', 'owner', 'due_date']);
    expect(columnsOf('Invoice: the items (description, hours, rate), invoice date', 'items')).toEqual([
      'description',
      'hours',
      'rate',
    ]);
  });

  it('but the details of one thing are its parts, each asked', () => {
    expect(
      Object.keys(properties('Welcome letter with the client details (name, email, phone) and start date')),
    ).toEqual(['name', 'email', 'phone', 'start_date']);
  });
});

describe('"in my own words"', () => {
  it('says how a value is written and ends no list', () => {
    expect(
      typed(
        'After each visit I want to type the date, what I did in my own words, the client’s name and email, and the parts I used.',
      ),
    ).toEqual({ date: 'string', what_i_did: 'string', client_name: 'string', client_email: 'string', parts: 'array' });
  });
});

describe('what the person picks for what is made', () => {
  it('is a choice they give, and the thing worked on is still asked', () => {
    const asked = properties('Turn my notes into a LinkedIn post, in the tone I pick: formal, friendly or excited.');
    expect(Object.keys(asked)).toEqual(['notes', 'tone']);
    expect(asked.tone?.enum).toEqual(['formal', 'friendly', 'excited']);
  });
});
