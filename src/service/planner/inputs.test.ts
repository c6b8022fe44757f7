/**
 * How a prompt's phrases become inputs: each test states one way of writing that the rules read
 * (a clause naming an amount, a unit shared by numbered choices, a date named by its event…), on
 * prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

interface Property {
  type?: string;
  format?: string;
  enum?: string[];
  items?: Property;
}

function form(prompt: string): { properties: Record<string, Property>; required: string[] } {
  const schema = planWorkflow(prompt, {}).input_schema ?? {};
  return {
    properties: (schema.properties ?? {}) as Record<string, Property>,
    required: (schema.required ?? []) as string[],
  };
}

describe('inputs a prompt names without a plain noun phrase', () => {
  it('reads "how much they pledged" as an amount and "the charity it funded" as the charity', () => {
    const { properties } = form(
      'Draft a note to a sponsor using their name, how much they pledged, the date of the event and the charity it funded.',
    );
    expect(properties).toMatchObject({
      name: { type: 'string' },
      amount: { type: 'number' },
      event_date: { format: 'date' },
      charity: { type: 'string' },
    });
  });

  it('names a date by its event ("the date the offer expires")', () => {
    const { properties } = form(
      'Write a tweet for our product launch given the launch price and the date the offer expires.',
    );
    expect(Object.keys(properties)).toEqual(['launch_price', 'offer_expiry_date']);
    expect(properties.offer_expiry_date).toMatchObject({ format: 'date' });
  });

  it('asks for the date a stated period counts from, and a condition as a yes-or-no input', () => {
    const { properties, required } = form(
      'Can we replace this laptop under warranty? We replace laptops up to 90 days after delivery, and only if the screen is intact.',
    );
    expect(properties).toMatchObject({ delivery_date: { format: 'date' }, screen_is_intact: { type: 'boolean' } });
    expect(required).not.toContain('screen_is_intact');
  });
});

describe('types, choices and lists', () => {
  it('shares the unit after the last of numbered choices with all of them', () => {
    const { properties } = form(
      'Work out a taxi fare: the distance, a surcharge of 5, 10 or 15 percent, and the number of passengers.',
    );
    expect(properties.surcharge?.enum).toEqual(['5', '10', '15']);
    expect(properties.number_of_passengers).toMatchObject({ type: 'integer' });
  });

  it('counts hours and days as numbers, with the participles that say which, and a time named in passing is no input', () => {
    const { properties } = form(
      'Compute an intern’s remaining days using their contract days, days already worked and days carried over from last month.',
    );
    expect(Object.keys(properties)).toEqual(['contract_days', 'days_worked', 'days_carried_over']);
    expect(properties.days_worked).toMatchObject({ type: 'integer' });
  });

  it('carries "the number of" over "and" to the next plural, and a few listed things are a list', () => {
    const { properties } = form(
      'Describe a holiday cottage from the number of bedrooms and bathrooms and a few notable amenities.',
    );
    expect(properties).toMatchObject({
      number_of_bedrooms: { type: 'integer' },
      number_of_bathrooms: { type: 'integer' },
      notable_amenities: { type: 'array' },
    });
  });

  it('ends a list’s columns at an optional item, which is an input of its own', () => {
    const { properties, required } = form(
      'Build an invoice for a customer: customer name, a list of services with hours and rates, and optionally a purchase order number.',
    );
    expect(Object.keys(properties)).toEqual(['customer_name', 'services', 'purchase_order_number']);
    expect(required).not.toContain('purchase_order_number');
  });

  it('asks for a person named in a list of three or more inputs, and for a list by its container ("guest list")', () => {
    const { properties } = form(
      'Make a seating chart given the guest list, and a welcome card with their name, table number and host.',
    );
    expect(properties).toMatchObject({ guest_list: { type: 'array' }, host: { type: 'string' } });
  });
});

describe('what a job is applied to', () => {
  it('asks for what a percentage is added to, and reads "and show what…" as a verb, not an input', () => {
    const { properties } = form('Apply a 15% discount to the order total and show what the customer pays.');
    expect(Object.keys(properties)).toEqual(['order_total']);
    expect(properties.order_total).toMatchObject({ type: 'number' });
  });

  it('asks for a person listed among other inputs, but not one a thing comes from', () => {
    const { properties } = form(
      'Write a press note from the headline, a quote from our founder, the launch date and the editor.',
    );
    expect(Object.keys(properties)).toEqual(['headline', 'quote', 'launch_date', 'editor']);
  });
});

describe('what a job sorts', () => {
  it('sorts one text a run, named in the singular ("route customer notes to…")', () => {
    const { properties } = form('Route customer notes to sales, support or finance depending on what they ask.');
    expect(Object.keys(properties)).toEqual(['customer_note']);
    expect(properties.customer_note).toMatchObject({ type: 'string' });
  });
});

describe('what is not an input', () => {
  it('asks for nothing that someone else does ("we can give notice")', () => {
    const { properties } = form(
      'When is the last day we can give notice? Take the lease end date and the notice period in weeks.',
    );
    expect(Object.keys(properties)).toEqual(['lease_end_date', 'notice_period']);
  });

  it('drops whose a value is from its key ("the car’s fuel consumption", "today’s absentees")', () => {
    const { properties } = form(
      'Given the bus’s fuel consumption and yesterday’s passengers, estimate the cost per rider.',
    );
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(['fuel_consumption', 'passengers']));
  });
});

describe('rules the prompt states', () => {
  it('keeps a forbidden value as written, even one with "$&" or "$1" in it', () => {
    for (const value of ['$& off', '$1 coupon']) {
      const plan = planWorkflow(`Summarize a customer note, and fail if the note contains "${value}".`, {});
      const guard = plan.steps.find((step) => step.kind === 'guard');
      expect(guard).toMatchObject({ rule: 'not_contains', value });
      expect(JSON.stringify(guard)).toContain(`must not contain \\"${value}\\"`);
    }
  });

  it('reads a rule that opens its sentence, whatever its capitals', () => {
    for (const prompt of [
      'Log a refund request with its amount. Fail if the amount is negative.',
      'Log a refund request with its amount. REJECT IT WHEN the amount is over 500.',
      'Log a refund request with its amount. Stop the run if the amount is missing.',
    ]) {
      const guards = planWorkflow(prompt, {}).steps.filter((step) => step.kind === 'guard');
      expect(guards, prompt).toHaveLength(1);
      expect(guards[0], prompt).toMatchObject({ field: expect.stringMatching(/amount$/) });
    }
  });
});

describe('"when" that asks, and "when" that waits', () => {
  const notesOf = (prompt: string) => planWorkflow(prompt, {}).planning_notes?.map((note) => note.kind) ?? [];

  it('reads "when" after a verb that takes a question, or with "will", as part of the job, keeping its inputs', () => {
    for (const [prompt, input] of [
      ['Forecast when a lease will end from its start date and its term in months.', 'start_date'],
      ['Figure out when a subscription is due for renewal given the signup date.', 'signup_date'],
      ['Tell me when a warranty runs out, using the purchase date.', 'purchase_date'],
    ] as const) {
      expect(notesOf(prompt), prompt).not.toContain('trigger');
      expect(Object.keys(form(prompt).properties), prompt).toContain(input);
    }
  });

  it('still notes an event the local service does not watch for', () => {
    expect(notesOf('When a new lead comes in, write a short intro email using their company name.')).toContain(
      'trigger',
    );
    expect(notesOf('Draft a thank-you note whenever a donor is added to the mailing list.')).toContain('trigger');
  });
});

describe('what the prompt states or how it orders things is no input', () => {
  const keys = (prompt: string) => Object.keys(form(prompt).properties);

  it('reads a limit a policy states as a constant', () => {
    expect(
      keys('Check a travel claim against our rules (hotels up to $120 a night). I give the claim total and the city.'),
    ).toEqual(['claim_total', 'city']);
    expect(keys('Work out the bonus, capped at 15%, from the annual salary')).toEqual(['annual_salary']);
  });

  it('reads "time and a half" as a rate, and "for every hour over 40" as no schedule', () => {
    const prompt =
      'Work out weekly pay from the hours worked and the hourly rate; time and a half for every hour over 40.';
    expect(keys(prompt)).toEqual(['hours_worked', 'hourly_rate']);
    expect(planWorkflow(prompt, {}).planning_notes ?? []).toEqual([]);
  });

  it('reads "sorted by" and "by post" as how, not a value to give, but "address them by first name" as one', () => {
    expect(keys('From the order list I paste, make a picking sheet for the depot, sorted by shelf.')).toEqual([
      'order_list',
    ]);
    expect(keys('Write a renewal letter we send by post, with the member name and the renewal date.')).toEqual([
      'member_name',
      'renewal_date',
    ]);
    expect(keys('Write a welcome email and address them by nickname')).toContain('nickname');
  });

  it('names a yes-or-no clause without its subject', () => {
    expect(keys('Write a trip consent note with the pupil name and whether we can share photos')).toContain(
      'can_share_photos',
    );
  });

  it('reads what a bidden verb shows or gives as made, and what the person gives as given', () => {
    expect(keys('Apply a 15% discount to a list price and show list, discount and final price.')).toEqual([
      'list_price',
    ]);
    expect(keys('Mark a quiz answer against the answer key and give feedback')).not.toContain('feedback');
    expect(
      keys("Answer a tenant's question. I'll paste the message they sent and give you their flat number."),
    ).toEqual(expect.arrayContaining(['flat_number']));
  });

  it("reads who signs a message as the writer's own, not a value to give", () => {
    expect(
      keys(
        'Write a welcome note to a new member with their name and start date. Sign it from Priya Shah, Club Secretary.',
      ),
    ).toEqual(['name', 'start_date']);
  });

  it("types an average or a total as one number, and names a thing's own name after the thing", () => {
    const { properties } = form(
      'Suggest a restock date for a spare part: its name, the stock on hand, average weekly usage and the total on order.',
    );
    expect(Object.keys(properties)).toContain('part_name');
    expect(properties.average_weekly_usage?.type).toBe('number');
    expect(properties.total_on_order?.type).toBe('number');
  });

  it("reads an email named by what it is about as a message, and a person's email as an address", () => {
    const { properties } = form("Given a tenant's repair request email and the tenant's work email, write a reply");
    expect(properties.repair_request_email?.type).toBe('string');
    expect(properties.repair_request_email?.format).toBeUndefined();
    expect(Object.values(properties).filter((p) => p.format === 'email')).toHaveLength(1);
  });

  it('reads the sentences of a story that only tell what happens as the story, not as values', () => {
    expect(
      keys(
        "We run a small gym and our trainers come back from the floor with a stack of paper notes. I'd like to type in the member's name, the session date and the trainer's comments, and get a progress note.",
      ),
    ).toEqual(['member_name', 'session_date', 'comments']);
  });

  it('reads values between two things, a participle before a noun, and a date named by its event before "and"', () => {
    expect(keys('How many nights are there between an arrival date and a departure date?')).toEqual([
      'arrival_date',
      'departure_date',
    ]);
    expect(keys('Write a delay notice with the order number and the new revised date.')).toEqual([
      'order_number',
      'new_revised_date',
    ]);
    expect(keys('Write a sale email with the date the offer ends and a link to the shop.')).toContain('offer_end_date');
  });

  it('reads what a stated discount comes off as part of the offer, and what a rate applies to as given', () => {
    expect(keys('Write a win-back email with the customer name and offer them 15% off their next booking.')).toEqual([
      'customer_name',
    ]);
    expect(keys('Work out VAT at 20% on a net price')).toEqual(['net_price']);
  });

  it('reads a choice written without commas as one value per word', () => {
    const { properties } = form('Write a hotel quote with the guest name and the room type standard deluxe or suite');
    expect(properties.room_type?.enum).toEqual(['standard', 'deluxe', 'suite']);
  });

  it('names a reason by what it is for, and goes on with the list after it', () => {
    expect(
      keys('Write a transfer letter with the employee name, the reason for transfer, the start date and the new team'),
    ).toEqual(['employee_name', 'reason_for_transfer', 'start_date', 'new_team']);
  });

  it('reads "(optional)" after a value, ", if known," and "optionally based on" before one, and "the new monthly fee"', () => {
    const { properties, required } = form(
      'Write a class booking note with the member name, level, class date, the new monthly fee and comments (optional)',
    );
    expect(Object.keys(properties)).toEqual(['member_name', 'level', 'class_date', 'new_monthly_fee', 'comments']);
    expect(required).not.toContain('comments');
    const card = form("Write a thank-you card with the guest's name, the gift and, if known, the occasion");
    expect(card.required).toEqual(['guest_name', 'gift']);
    const quiz = form('Make a quiz on a topic for a given age group, optionally based on a passage I paste in');
    expect(Object.keys(quiz.properties)).toEqual(['topic', 'age_group', 'passage']);
    expect(quiz.required).not.toContain('passage');
  });

  it('reads "the request" after "a tenant repair request" as the same input', () => {
    expect(
      Object.keys(
        form(
          "Read a tenant repair request and write a reply. I'll paste in the request and give you the tenant's name.",
        ).properties,
      ),
    ).toEqual(['repair_request', 'tenant_name']);
  });

  it('reads an email the person pastes as its text, not an address', () => {
    const { properties } = form(
      "Write a polite reply to a tenant. I'll paste the email they sent and give their name.",
    );
    expect(properties.email).toMatchObject({ type: 'string' });
    expect(properties.email?.format).toBeUndefined();
  });

  it('reads what is got back from a pasted text as what is made, and names the job by the text', () => {
    const plan = planWorkflow(
      "I'd paste a supplier's invoice email and get back JSON with the invoice number, the amount and the due date.",
      {},
    );
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual(['invoice_email']);
    expect(plan.name).toBe('Invoice Email Extraction');
  });

  it('names a date by when something was due', () => {
    expect(keys('Work out the late fee from the fee amount, the date it was due and the date it was paid.')).toEqual([
      'fee_amount',
      'due_date',
      'payment_date',
    ]);
  });

  it('reads "hours worked this week", "orders shipped today" as one value each, a count of things picked out', () => {
    const { properties } = form('Can you work out a picker bonus? Hours worked this week and orders shipped today.');
    expect(Object.keys(properties)).toEqual(['hours_worked', 'orders_shipped']);
    expect(properties.orders_shipped?.type).toBe('integer');
  });
});
