/**
 * Inputs declared rather than introduced by "from" or "given": a list after a verb of having or
 * needing, the columns of a sheet worked on row by row, a bounded score, and units a value is
 * converted between. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, Record<string, unknown>>;

describe('inputs a prompt declares', () => {
  it('reads a list after "each row has" and "the columns are" as the inputs', () => {
    expect(
      Object.keys(properties('Each line has a supplier, an order total and the delivery date; flag late deliveries.')),
    ).toEqual(['supplier', 'order_total', 'delivery_date']);
    expect(
      Object.keys(properties('Say which parcels are overweight. The columns are tracking number, weight and carrier.')),
    ).toEqual(['tracking_number', 'weight', 'carrier']);
  });

  it('reads a list the workflow "would need" or someone "fills in", whoever fills it', () => {
    expect(
      Object.keys(
        properties("Could it draft a visitor badge? It'd need the visitor's name, their host and the visit date."),
      ),
    ).toEqual(['visitor_name', 'host', 'visit_date']);
    expect(
      Object.keys(
        properties('I want a form where they fill in the course name, the trainer and whether lunch is included.'),
      ),
    ).toEqual(['course_name', 'trainer', 'lunch_included']);
  });

  it('does not read "I need a …" as an input: it is what to make', () => {
    expect(
      Object.keys(properties('I need a packing list generator: destination, trip length in days and season.')),
    ).toEqual(['destination', 'trip_length', 'season']);
  });

  it('takes the columns of a sheet worked on row by row as each run’s inputs', () => {
    expect(
      Object.keys(
        properties(
          'For each row of the mileage log (driver, trip date, distance), check whether the distance goes over 300 miles.',
        ),
      ),
    ).toEqual(['driver', 'trip_date', 'distance']);
  });

  it('bounds a score given "from 1 to 10" or "out of 20" and makes it a whole number', () => {
    const props = properties('Write a thank-you note from the guest name, their comments and a rating from 1 to 10.');
    expect(props.rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    expect(properties('Grade an essay: the essay text and a mark out of 20.').mark).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 20,
    });
  });

  it('leaves out the units a value is converted between', () => {
    expect(Object.keys(properties('Convert a parcel’s weight from kilograms to pounds.'))).toEqual(['weight']);
  });

  it('keeps a list going past what an item is of, and shares a noun or an owner across "and"', () => {
    const props = properties(
      'Write a delay notice from the start and end date of the works, the number of homes affected, the contractor’s name and phone, and a free-text note.',
    );
    expect(Object.keys(props)).toEqual([
      'start_date',
      'end_date',
      'number_of_homes_affected',
      'contractor_name',
      'contractor_phone',
      'note',
    ]);
    expect(props.note).toMatchObject({ type: 'string', maxLength: 100000 });
  });

  it('asks for a choice or a value however general its noun', () => {
    const props = properties(
      'Draft a venue booking given the deal value in dollars and the layout: theatre, classroom or banquet.',
    );
    expect(props.deal_value).toMatchObject({ type: 'number' });
    expect(props.layout).toMatchObject({ enum: ['theatre', 'classroom', 'banquet'] });
  });

  it('asks for a time named by what happened then, with the time of day when hours count', () => {
    const props = properties(
      'Check whether a refund is due, given when the order was bought and when the customer complained. Complaints within 48 hours qualify.',
    );
    expect(props).toMatchObject({ bought_at: { format: 'date-time' }, complained_at: { format: 'date-time' } });
    expect(properties('Say whether a bike is under warranty based on when it was sold.').sold_on).toMatchObject({
      format: 'date',
    });
  });

  it('reads "the amount due" as an amount, a lettered choice whole, and a verb before "how" as no input', () => {
    const props = properties(
      'Write a payment reminder from the tenant name, the balance outstanding and the rent band (A, B or C).',
    );
    expect(props.balance_outstanding).toMatchObject({ type: 'number' });
    expect(props.rent_band).toMatchObject({ enum: ['A', 'B', 'C'] });
    expect(
      Object.keys(properties('Given a cover letter and the role, rate how well the candidate writes from 1 to 5.')),
    ).toEqual(['cover_letter', 'role']);
  });

  it('asks for the text of a thing worked on that the prompt does not give, and a pasted one whole', () => {
    expect(properties('Proofread our spring catalogue intro.')).toMatchObject({
      spring_catalogue_intro: { maxLength: 100000 },
    });
    expect(properties('Shorten the press release I paste in.').press_release).toMatchObject({ maxLength: 100000 });
  });

  it('reads no input from "on each site", "each with a …" after what is made, or "email me"', () => {
    expect(
      Object.keys(
        properties(
          'Turn the site visit notes into a list of snags, each with a location and a fix-by date, and email me the list.',
        ),
      ),
    ).toEqual(['site_visit_notes']);
    expect(Object.keys(properties('Total the mileage each driver logged on each route from the trip log.'))).toEqual([
      'trip_log',
    ]);
  });

  it('reads "the total budget" as a number', () => {
    expect(properties('Split the total budget across the teams I list.').total_budget).toMatchObject({
      type: 'number',
    });
  });

  it('reads a message to answer with as what is written, and "reply to them" as a verb', () => {
    expect(
      Object.keys(
        properties('Given a guest name and their booking date, reply to them with a short confirmation email.'),
      ),
    ).toEqual(['guest_name', 'booking_date']);
  });

  it('ends a list’s columns where a phrase with its own article begins', () => {
    const props = properties(
      'Draft a quote from the client name, a list of services with name, hours and rate, and the valid-until date.',
    );
    expect(Object.keys(props)).toEqual(['client_name', 'services', 'valid_until_date']);
  });

  it('asks for what a thing is checked against, where it happens, what a person is called by, and a language offered', () => {
    expect(Object.keys(properties('Mark a history essay against a rubric.'))).toEqual(['history_essay', 'rubric']);
    const props = properties(
      'Write a parking notice for an event at a venue, in English, Welsh or Polish, and greet guests by first name.',
    );
    expect(props).toMatchObject({ venue: { type: 'string' }, language: { enum: ['english', 'welsh', 'polish'] } });
    expect(props.first_name).toBeDefined();
  });

  it('leaves out a value stated after "of", but offers "of 10, 15 or 20" as a choice, and sorts one message at a time', () => {
    expect(Object.keys(properties('Plan a team lunch for a given date with a budget of 200 euros.'))).toEqual(['date']);
    expect(
      Object.keys(properties('Split a taxi fare: the fare, a tip of 5, 10 or 15 percent, and the number of riders.')),
    ).toEqual(['fare', 'tip', 'number_of_riders']);
    expect(properties('Route incoming emails to billing, sales or support.')).toMatchObject({
      email: { type: 'string', maxLength: 100000 },
    });
  });

  it('reads a question in a list of inputs as the input it asks about, but not a question the job answers', () => {
    const props = properties(
      'Draft a transfer letter for an employee with their name, which office they are moving to, who their new manager is, and why they are moving: promotion, relocation or request.',
    );
    expect(props).toMatchObject({
      office: { type: 'string' },
      manager: { type: 'string' },
      reason_for_moving: { enum: ['promotion', 'relocation', 'request'] },
    });
    expect(properties('Here is a support email. Is it urgent, and which team should handle it?').team).toBeUndefined();
  });

  it('reads categories written with their articles as categories, not inputs', () => {
    expect(
      Object.keys(properties('Sort a customer message I paste in as a complaint, a question or a compliment.')),
    ).toEqual(['customer_message']);
  });

  it('reads "I’ll give you …" as inputs, "give me …" as what is made, and "when the offer expires" as a date', () => {
    const props = properties(
      "Write a rental offer. I'll give you the tenant's name, the flats they like with rents, and when the offer expires. Give me a short summary too.",
    );
    expect(Object.keys(props)).toEqual(['tenant_name', 'flats', 'expires_on']);
    expect(props.expires_on).toMatchObject({ format: 'date' });
    expect(
      properties('Rate a supplier from their star rating and the number of late deliveries.').star_rating,
    ).toMatchObject({
      type: 'number',
    });
  });

  it('reads a stated rule, a rate in words and what a person has as no inputs once the inputs are listed', () => {
    expect(
      Object.keys(
        properties(
          'Decide whether a refund request needs a manager from the refund amount and the reason. Refunds over 200 EUR or involving damaged goods always need one.',
        ),
      ),
    ).toEqual(['refund_amount', 'reason']);
    expect(
      Object.keys(
        properties(
          'Work out the snacks for a meeting from the number of guests. Plan two biscuits per guest and one coffee per person.',
        ),
      ),
    ).toEqual(['number_of_guests']);
    expect(
      Object.keys(
        properties(
          "Write a chaser to a supplier with a late shipment, using the supplier's name, the order number and the expected date.",
        ),
      ),
    ).toEqual(['supplier_name', 'order_number', 'expected_date']);
    expect(
      Object.keys(properties('Write a welcome email to a new hire with their name, start date and manager')),
    ).toEqual(['name', 'start_date', 'manager']);
  });

  it('reads "the date and time", "date & time" and "date/time" as one moment', () => {
    const visit = properties("Write a visit reminder with the resident's name and the visit date and time.");
    expect(Object.keys(visit)).toEqual(['resident_name', 'visit_date_time']);
    expect(visit.visit_date_time).toMatchObject({ type: 'string', format: 'date-time', title: 'Visit date and time' });
    expect(Object.keys(properties('Log a site incident: date/time, location and what happened.'))).toEqual([
      'date_time',
      'location',
      'what_happened',
    ]);
    expect(properties('Book a room from the date & time and the number of people').date_time).toMatchObject({
      format: 'date-time',
    });
  });

  it('reads what the job is for, a thing others act on and where a text comes from as no inputs of their own', () => {
    const keys = (prompt: string) => Object.keys(properties(prompt));
    expect(
      keys("What's the tip on a restaurant bill? Given the bill amount and the tip percentage, work out the tip"),
    ).toEqual(['bill_amount', 'tip_percentage']);
    expect(
      keys(
        "Write a reminder to members who haven't renewed their membership, using the member's name and the expiry date",
      ),
    ).toEqual(['member_name', 'expiry_date']);
    expect(
      keys('Draft a message to a customer who cancelled their order, using their name and the order number'),
    ).toEqual(['name', 'order_number']);
    expect(keys('Summarise the notes from the site visit, with the project name')).toEqual([
      'site_visit_notes',
      'project_name',
    ]);
    expect(keys("Write a letter to a patient with the patient's name and the reason for the appointment")).toEqual([
      'patient_name',
      'reason_for_appointment',
    ]);
  });
});
