/**
 * A request reads the same however it is put: in a polite or chatty frame ("can u", "We need a tool
 * that can"), with shorthand ("w/", "&"), with apostrophes left out ("the tenants name") and with
 * typos ("invocie", "remidner"). Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const planOf = (prompt: string) => {
  const plan = planWorkflow(prompt, {});
  return { name: plan.name, keys: Object.keys(plan.input_schema?.properties ?? {}), plan };
};

const PLAIN = 'Write a packing list for a trip, given the destination, the trip length in days and the season.';

describe('a request in its frame', () => {
  it.each([
    'Please write a packing list for a trip, given the destination, the trip length in days and the season.',
    'can u write a packing list for a trip, given the destination, the trip length in days and the season?',
    'Hi! Could you please write a packing list for a trip, given the destination, the trip length in days and the season?',
    "I'd like you to write a packing list for a trip, given the destination, the trip length in days and the season.",
    'Help me write a packing list for a trip, given the destination, the trip length in days and the season.',
    'how do i write a packing list for a trip, given the destination, the trip length in days and the season?',
    "what's the best way to write a packing list for a trip, given the destination, the trip length in days and the season?",
    'We need a tool that can write a packing list for a trip, given the destination, the trip length in days and the season.',
  ])('reads "%s" as the plain request', (prompt) => {
    const plain = planOf(PLAIN);
    const framed = planOf(prompt);
    expect(framed.name).toBe(plain.name);
    expect(framed.keys).toEqual(plain.keys);
  });

  it('reads what a tool "does" as the verb asked for', () => {
    expect(planOf('Could you build a tool that summarises support chats?').name).toBe('Support Chat Summary');
  });

  it('leaves a frame alone when no verb follows it', () => {
    expect(planOf('I need a packing list: destination, trip length in days and season.').keys).toEqual([
      'destination',
      'trip_length',
      'season',
    ]);
  });
});

describe('shorthand, apostrophes and typos', () => {
  it('reads "w/" and "&" as "with" and "and", and keeps a quoted rule as written', () => {
    expect(planOf('Draft a welcome note for new members w/ their name & join date').keys).toEqual([
      'name',
      'join_date',
    ]);
    const plan = planOf('Summarize a review, and fail if it contains "A & B"').plan;
    expect(JSON.stringify(plan.steps)).toContain('A & B');
  });

  it('reads "the patients name" as the patient\'s name, but not "bonus amount" or "sends email"', () => {
    expect(planOf('Write a discharge note with the patients name and the doctors email').keys).toEqual([
      'patient_name',
      'doctor_email',
    ]);
    expect(planOf('Given the base salary and the bonus percentage, work out the bonus amount').name).toBe(
      'Bonus Amount Calculator',
    );
  });

  it('reads "a members join date", "ill paste" and "yesterdays" with the apostrophes they lost', () => {
    expect(planOf('Write a welcome card from a members join date and the members first name').keys).toEqual([
      'join_date',
      'first_name',
    ]);
    expect(planOf('Proofread a press release. Ill paste the release text').keys).toEqual(['release_text']);
    expect(planOf('Summarise yesterdays call notes').keys).toEqual(planOf("Summarise yesterday's call notes").keys);
    // "the hours worked this week": what is said of a plural says which of them; the week goes with it.
    expect(
      planOf('Work out overtime pay for an employee from their hourly rate and the hours worked this week').keys,
    ).toEqual(['hourly_rate', 'hours_worked']);
  });

  it('reads a misspelt word as the word it is one slip from, and leaves real words and names alone', () => {
    const typed = planOf('Send an invocie remidner to the custmer with the invoice amout and the due date');
    expect(typed.name).toBe('Invoice Reminder');
    expect(typed.keys).toEqual(['invoice_amount', 'due_date']);
    // Any English word two swapped letters away: "recieved".
    expect(planOf('Write a receipt with the donor name and the date recieved').keys).toEqual([
      'donor_name',
      'date_received',
    ]);
    // "form" is a word, though "from" is a slip away; "Xero" is a name.
    expect(planOf('Write a form letter for Xero users with the user name').keys).toEqual(['user_name']);
    // A British spelling is no slip: it keeps its letters in the key.
    expect(
      planOf('Write a welcome note from the client name, their favourite colour and whether they want counselling')
        .keys,
    ).toEqual(['client_name', 'favourite_colour', 'wants_counselling']);
    // A verb and its particle written as one ("callouts", "checkins") is no slip.
    expect(planOf('Write a job sheet from the callouts and the checkins').keys).toEqual(['callouts', 'checkins']);
  });
});

describe('"calc" and values counted over a time', () => {
  it('reads "calc" as the verb that bids or the calculation it names', () => {
    expect(
      planOf('calc the bonus for an employee - their total sales this quarter and their grade (junior or senior)'),
    ).toMatchObject({ name: 'Bonus Calculator', keys: ['total_sales', 'grade'] });
    expect(planOf('need a quick calc for parking fees from the hours parked')).toMatchObject({
      name: 'Parking Fee Calculation',
      keys: ['hours_parked'],
    });
  });

  it('reads "skills to develop" as one list, but not where requests are routed to', () => {
    expect(
      planOf('Write a training plan for a new hire using their name, their role and skills to develop').keys,
    ).toEqual(['name', 'role', 'skills_to_develop']);
  });
});

describe('a note with no verb', () => {
  it('reads "what to make - its values" as the sentence it stands for', () => {
    const note = planOf('late payment letter - tenant name rent owed due date');
    expect(note.name).toBe('Late Payment Letter');
    expect(note.keys).toEqual(['tenant_name', 'rent_owed', 'due_date']);
  });

  it('reads values after a comma, and what the note is for before its dash', () => {
    const note = planOf('visa letter for employees - employee name, passport number, travel dates, destination');
    expect(note.name).toBe('Visa Letter');
    expect(note.keys).toEqual([
      'employee_name',
      'passport_number',
      'travel_start_date',
      'travel_end_date',
      'destination',
    ]);
  });

  it('reads a check note as a check', () => {
    const note = planOf('timesheet check hours rate date, flag anything over 10 hours');
    expect(note.name).toBe('Timesheet Check');
    expect(note.keys).toEqual(expect.arrayContaining(['rate', 'date']));
  });

  it('leaves a sentence with a verb, and a note without values, as they are', () => {
    expect(planOf('welcome email').keys).toEqual(planOf('Write a welcome email').keys);
    expect(planOf('Write a welcome email for a new hire with their name and start date').keys).toEqual([
      'name',
      'start_date',
    ]);
  });
});

describe('values listed outside a sentence', () => {
  it('reads a sentence that only lists values, after the request, as what the job needs', () => {
    expect(
      planOf(
        'Could you write a reminder to a member whose card is about to expire? Member name, card number and expiry date.',
      ).keys,
    ).toEqual(['member_name', 'card_number', 'expiry_date']);
    expect(planOf('Catering quote. Number of guests, event date and menu (buffet or plated).').keys).toEqual([
      'number_of_guests',
      'event_date',
      'menu',
    ]);
  });

  it('reads what follows the person a document is for as their values', () => {
    expect(planOf('Draft a renewal offer for members, their name, their tier and the renewal price').keys).toEqual([
      'name',
      'tier',
      'renewal_price',
    ]);
  });

  it('reads what "I\'ll tell it" as given', () => {
    expect(planOf("Write a gig announcement. I'll tell it the band and the venue.").keys).toEqual(['band', 'venue']);
  });
});

describe('what is wanted and what is stated', () => {
  it('reads "we need a <thing>, <values>" as a request to write the thing with those values', () => {
    const plan = planOf('we need a parking permit letter, resident name, their car reg and the permit zone');
    expect(plan.name).toBe('Parking Permit Letter');
    expect(plan.keys).toEqual(['resident_name', 'car_reg', 'permit_zone']);
  });

  it('keeps a value the prompt states ("the rate is 8%") out of the form', () => {
    expect(planOf('Work out the tip on a bill amount; the rate is 12%').keys).toEqual(['bill_amount']);
  });

  it('reads a verb after a comma as a verb: "…, flag if …"', () => {
    expect(planOf('Compare the quoted price and the invoiced price, flag if they differ by over 2%').keys).toEqual([
      'quoted_price',
      'invoiced_price',
    ]);
  });
});

describe('values after "it needs"', () => {
  it('reads bare values after "It needs" as the inputs', () => {
    expect(planOf('Write a parcel label. It needs name, street, postcode.').keys).toEqual([
      'name',
      'street',
      'postcode',
    ]);
  });
});

describe('a prompt that opens with who is asking', () => {
  it('is named by what it says is made, not by its first words', () => {
    expect(
      planOf(
        "Our front desk keeps writing lost property notes on paper and it is a mess. I'd type in the item and the date.",
      ).name,
    ).toBe('Lost Property Notes');
    expect(planOf('Each site manager has to do a daily log. Weather, workers on site and delays.').name).toBe(
      'Daily Log',
    );
  });
});

describe('a prompt that opens with who or what it is about', () => {
  it('is not named by a subject or a greeting', () => {
    // The sentence before names what the apology is for.
    expect(planOf('Guest is unhappy with the room. Write them an apology note with their name.').name).toBe(
      'Room Apology Note',
    );
    const listing = planOf('letting agent here. write a flat listing from the address, bedrooms and monthly rent');
    expect(listing.name).toBe('Flat Listing');
    expect(listing.plan.input_schema?.properties).toMatchObject({ bedrooms: { type: 'integer' } });
  });
});

describe('"no." for number, and "y/n" for yes or no', () => {
  it('reads "no. of", "no. bikes" and "mobile no" as numbers, and "y/n", "(yes/no)" as yes-or-no inputs', () => {
    const plan = planOf(
      'bike service booking: rider name, no. bikes, e-bike (yes/no), collection needed y/n, mobile no',
    );
    expect(plan.keys).toEqual(['rider_name', 'number_of_bikes', 'e_bike', 'collection_needed', 'mobile_number']);
    expect(plan.plan.input_schema?.properties).toMatchObject({
      number_of_bikes: { type: 'integer' },
      e_bike: { type: 'boolean' },
      collection_needed: { type: 'boolean' },
    });
    // The full stop before a comma was the abbreviation's, and ends no sentence.
    expect(planOf('refund note: order no., date sold, reason').keys).toEqual(['order_number', 'date_sold', 'reason']);
  });

  it('leaves "no" that answers or refuses as it is', () => {
    const plan = planOf(
      'Check whether a refund request is valid from the order date and the amount, and say yes or no.',
    );
    expect(plan.keys).toEqual(['order_date', 'amount']);
  });
});

describe('the setting a prompt tells before it asks', () => {
  it('asks for none of the people and places that only set the scene', () => {
    expect(
      planOf(
        "I'm a practice manager at a two-site dental clinic with six hygienists. Please write a recall letter from the patient's name, their last visit date and their dentist.",
      ).keys,
    ).toEqual(['patient_name', 'last_visit_date', 'dentist']);
  });

  it('reads a wish after the story as the request: "I\'d love to get…", "we need it turned into…"', () => {
    const briefing = planOf(
      "I run a small cleaning company with four vans. Before each new job I'd love to get a site briefing from the address, the contact name and the number of rooms.",
    );
    expect([briefing.name, briefing.keys]).toEqual(['Site Briefing', ['address', 'contact_name', 'number_of_rooms']]);
    expect(
      planOf(
        'Our engineers fill in a form after every repair, and we need it turned into a repair report. The form has the customer name, the fault and the parts used.',
      ).name,
    ).toBe('Repair Report');
  });

  it('names the job by what a wished-for tool makes, and by a thing told of before: "that letter"', () => {
    expect(
      planOf(
        "We're a small courier firm with lots of failed drops. I'd like a tool that drafts the redelivery email when I enter the customer's name and the tracking number.",
      ).name,
    ).toBe('Redelivery Email');
    expect(
      planOf(
        'Every new member gets a printed welcome pack signed by the manager. Please make a workflow that writes that pack from the member name.',
      ).name,
    ).toMatch(/welcome pack/i);
  });

  it('reads the inputs after a choice of what one is, to the end of the list', () => {
    expect(
      planOf(
        "We're a family-run garage with three mechanics. Could you make something that writes an MOT reminder given the owner's name, the kind of reminder (first, second or final) and the expiry date?",
      ).keys,
    ).toEqual(['owner_name', 'reminder_type', 'expiry_date']);
  });
});
