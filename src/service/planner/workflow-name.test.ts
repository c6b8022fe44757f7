import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

/**
 * Names read from the parse, on sentences in no prompt set: what a question asks, what is converted
 * or compared, who a message goes to, what a phrasal verb makes. Each pair is prompt → name.
 */
const name = (prompt: string) => planWorkflow(prompt, {}).name;

describe('workflow names', () => {
  it.each([
    [
      'What would the monthly loan repayment be, given the loan amount, the interest rate and the term?',
      'Monthly Loan Repayment Calculator',
    ],
    ['whats the tip for a restaurant bill of a given amount at 15%?', 'Tip Calculator'],
    ['How many working hours are left this week, given the hours logged so far?', 'Working Hours Left Calculator'],
    ['Which laptop should a new hire get - Basic, Pro or Max - given their role?', 'Laptop Recommendation'],
    ['Is this expense claim within policy? Meals are capped at 50 EUR.', 'Expense Claim Check'],
    ['Does this contract need legal review? Anything above 10,000 EUR does.', 'Legal Review Check'],
    ["Here's a support ticket. Is it urgent, normal or low priority?", 'Support Ticket Check'],
    [
      'When is the next team offsite? Given the last offsite date and how often we hold them.',
      'Next Team Offsite Date',
    ],
    ['Where is my repair? Given the repair reference, look it up.', 'Repair Status'],
    ['How long will the garden clearance take? Garden area and number of helpers.', 'Garden Clearance Time Estimate'],
    [
      'How much will the new carpet cost? Room length, room width and price per square metre.',
      'New Carpet Cost Calculator',
    ],
    ['How much should we charge per seat? Hall hire, catering cost and number of seats.', 'Seat Price Calculator'],
    ['how much should i charge per day, given my yearly target and days worked?', 'Daily Rate Calculator'],
    ["Given a recipe's ingredients, tell me which of the common allergens it has.", 'Common Allergen Check'],
    ['From the three quotes I paste, say which supplier is cheapest.', 'Supplier Recommendation'],
  ])('a question names what it asks: %s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });

  it.each([
    ['Given an employee salary and bonus percentage, work out the bonus amount', 'Bonus Amount Calculator'],
    ['Convert a list of prices from USD to GBP at a rate I give you', 'Currency Conversion'],
    ['Email the attendees of a workshop with the venue and start time', 'Attendee Email'],
    ['Come up with five names for a new coffee brand', 'Coffee Brand Names'],
    ['When a deal closes, send a thank you note to the buyer', 'Buyer Thank-You Note'],
    ['Warn me if a project goes over budget, given the budget and the spend so far', 'Budget Warning'],
    // "viewings I want a …" is no noun with a clause saying which, and "per visitor" says how many are made.
    [
      'After viewings I want a thank-you email per visitor, using their name and the property they saw',
      'Thank-You Email',
    ],
  ])('a job is named by what it makes or works on: %s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });

  it.each([
    ['Calcualte the commission on a deal from the deal value.', 'Commission Calculator'],
    ['Sumarize a board meeting transcript in five bullet points.', 'Board Meeting Summary'],
    ['Put together a training plan from the course title, the trainer and the dates.', 'Training Plan'],
    ['Could you draw up a visitor policy from our office hours and the site address?', 'Visitor Policy'],
    ['A handover note should be generated from the patient name and the ward.', 'Handover Note'],
    ['What discount does a member get on an order? Order total and membership tier.', 'Discount Calculator'],
    ['Turn a workshop recording transcript into a summary of the decisions.', 'Workshop Recording Summary'],
    ['Turn the quarterly revenue figures into an SVG line chart.', 'Line Chart'],
    ['Convert a recipe’s oven temperature from Fahrenheit to Celsius.', 'Oven Temperature Conversion'],
    [
      'Check whether a shipment missed its delivery deadline, given the ship date and the promised date.',
      'Delivery Deadline Check',
    ],
    ['Check the product pages for missing prices.', 'Missing Price Check'],
    ['Check whether a purchase request follows our buying policy.', 'Purchase Request Check'],
  ])(
    'a misspelling, a phrasal verb, a passive, a conversion or a check still names the job: %s',
    (prompt, expected) => {
      expect(name(prompt)).toBe(expected);
    },
  );

  it.each([
    ['Help me write a volunteer rota from the volunteer names and the shift dates.', 'Volunteer Rota'],
    ['Apply a 12% service charge to a restaurant bill and show the total.', 'Service Charge Calculator'],
    ['Given a booking date and the room type, tell the guest their check-in time.', 'Check-In Time'],
    ['Write Facebook and Instagram posts about a store opening from the address and the date.', 'Posts'],
    ['Work out the payback period given the upfront cost and the monthly saving.', 'Payback Period Calculator'],
    ['I want a tool that tells me whether a room is free, given the room name and the date.', 'Room Check'],
    ['Build a workflow to summarise supplier emails.', 'Supplier Email Summary'],
  ])('whom it helps, a stated rate, what a person is told and a shared noun name the job: %s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });

  it('names a comparison by its two sides', () => {
    expect(name('Compare forecast vs actual sales for each region from a pasted CSV')).toBe(
      'Forecast vs Actual Comparison',
    );
  });

  it.each([
    [
      "I coordinate drivers for a charity. Each week drivers pick up routes and I send them a confirmation. I'd type in the driver's name, the route and the pickup time.",
      'Route Confirmation',
    ],
    [
      "We're a dental practice and when patients move away we have to send a letter confirming the transfer. It needs the patient's name and the new dentist.",
      'Transfer Letter',
    ],
    [
      'We run a gym and after every induction we send members a welcome with their trainer and first class date.',
      'Member Welcome',
    ],
    [
      'Our office managers keep writing incident summaries by hand. I type the date and the location.',
      'Incident Summary',
    ],
  ])(
    'a prompt that tells its story first is named by what it makes, and what that is about: %s',
    (prompt, expected) => {
      expect(name(prompt)).toBe(expected);
    },
  );

  it.each([
    ['Write a tenancy renewel letter for a tenant with their name and the new rent', 'Tenancy Renewal Letter'],
    ['Generate an acess card request from the employee name and the proces owner', 'Access Card Request'],
    ['Write a price change notice for subscribers with the plan name and the new price', 'Price Change Notice'],
  ])('a vowel slip is read as the word meant, and a plain verb inside a thing is a noun: %s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });

  it('reads "by hand" as how a thing is done, not a value to give', () => {
    const plan = planWorkflow(
      "Our office managers keep writing incident summaries by hand. I'd like to type the date, the location and what happened.",
      {},
    );
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual(['date', 'location', 'what_happened']);
  });

  it.each([
    ['weekly fleet fuel report: vehicle reg, litres, cost, driver', 'Weekly Fleet Fuel Report'],
    ['Late payment warning letter - tenant name, amount owed, due date', 'Late Payment Warning Letter'],
    ['supplier invoice matching - PO number, invoice total, PO total', 'Supplier Invoice Matching'],
    ['kit loan form thing - borrower name, item, return date', 'Kit Loan Form'],
    ['new joiner laptop request. enter name, team and start date', 'New Joiner Laptop Request'],
    ['Missed payment letter: customer name, amount, due date', 'Missed Payment Letter'],
  ])('a note that opens with a title is named by it, as the person wrote it: %s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });

  it('reads a sentence that bids the person give values as the list of them', () => {
    const plan = planWorkflow('new joiner laptop request. enter name, team and start date', {});
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual(['name', 'team', 'start_date']);
  });

  it.each([
    ['Every Tuesday afternoon check the room bookings I paste and list the clashes.', 'Room Booking Check'],
    ['need to reply to a tenant complaint. tenant name and the date we got the complaint.', 'Tenant Complaint Reply'],
    ['Figure out how much paint I need for a wall from its height and width.', 'Paint Calculator'],
    ['whats the tip on a bill if i put in the bill amount and the tip %', 'Tip Calculator'],
  ])(
    'a time, a bare "need to", a phrasal verb or a missing question mark still names the job: %s',
    (prompt, expected) => {
      expect(name(prompt)).toBe(expected);
    },
  );

  it('reads "the date we got the complaint" as when it was received, and asks for nothing to be found', () => {
    const plan = planWorkflow(
      'need to reply to a tenant complaint. tenant name and the date we got the complaint.',
      {},
    );
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual(['tenant_name', 'received_date']);
    expect(plan.planning_notes ?? []).toEqual([]);
  });

  it('does not take a bidding opening for a title', () => {
    expect(name('Handle a refund request: order number, reason and amount')).toBe('Refund Request');
  });

  it.each([
    ['new hire welcome pack email name start date team', 'New Hire Welcome Pack Email'],
    [
      'Could you make me a little calculator for room hire - hours and room size, it is £20 an hour',
      'Room Hire Calculator',
    ],
    ["Given a tenant's repair request email, write a warm reply", 'Repair Request Reply'],
  ])('a kind of person stays in a name, a tone does not, and a message is named by what it is about: %s', (p, n) => {
    expect(name(p)).toBe(n);
  });

  it('reads "the ones" as the things named last, not the word "one"', () => {
    expect(name('Given a list of gym memberships with their end dates, flag the ones that end this month.')).toBe(
      'Membership Check',
    );
    expect(name('Go through the order list I paste and chase the late ones.')).not.toMatch(/\bOnes?\b/);
  });

  it.each([
    [
      'Draft a reminder letter to a member whose gym membership ends soon, using their name and end date',
      'Gym Membership Reminder Letter',
    ],
    [
      'Write an apology email to a guest whose room was noisy, with their name and room number',
      'Noisy Room Apology Email',
    ],
    [
      'Send a short message to a client who has not paid their invoice, using their name and the amount',
      'Invoice Message',
    ],
    ['Write a note to staff about the fire drill on Friday, with the time and the meeting point', 'Fire Drill Note'],
    ['Draft a welcome letter to a family that has just adopted a puppy, using the family name', 'Puppy Welcome Letter'],
    ['Our van broke down on the ring road. Write them an apology with the new delivery date', 'Delivery Apology'],
  ])('a message that names only its kind is named by its occasion, not by whom it goes to: %s', (p, n) => {
    expect(name(p)).toBe(n);
  });

  it('keeps a message named by the person it is about', () => {
    expect(name("Write a speaker confirmation email with the speaker's name and the room")).toBe(
      'Speaker Confirmation Email',
    );
  });

  it.each([
    ['How many weeks till the launch, given the launch date?', 'Weeks Till Launch Calculator'],
    ['How many hours of overtime has someone worked, given their timesheet?', 'Overtime Hours Calculator'],
    [
      'Write the same onboarding instructions for each new volunteer, with their name and start date',
      'Onboarding Instructions',
    ],
    ['We get a lot of refund requests. Sort each refund request into approve, reject or escalate.', 'Refund Requests'],
  ])('a count is named by what it counts and what it counts to; "a lot of" and "the same" name nothing: %s', (p, n) => {
    expect(name(p)).toBe(n);
  });
});

describe('names of terse titles and things wanted done', () => {
  it('names a prompt that opens with a title by the whole title, without "thing" or "tool"', () => {
    expect(planWorkflow('parking fine checker - plate number and date, say if it is valid', {}).name).toBe(
      'Parking Fine Checker',
    );
    expect(planWorkflow('holiday pay thing - hours worked and hourly rate, work out the pay', {}).name).toMatch(
      /^Holiday Pay\b(?! Thing)/,
    );
  });

  it('names "need an X drafted" by X', () => {
    expect(planWorkflow('need a tenancy agreement drafted. landlord name, tenant name and monthly rent', {}).name).toBe(
      'Tenancy Agreement',
    );
  });

  it('names a calculation by what it works out, a word after the opening verb read as a noun', () => {
    expect(planWorkflow('calculate overtime pay for drivers - hours worked, hourly rate', {}).name).toBe(
      'Overtime Pay Calculator',
    );
  });

  it('names thanks by who is thanked, not by what they gave', () => {
    expect(
      planWorkflow('Write a thank-you card to a sponsor for their donation, using their name and the amount.', {}).name,
    ).toBe('Sponsor Thank-You Card');
  });
});

describe('what a person says they want names the job, after any background', () => {
  it.each([
    [
      "We run a dog grooming salon with three groomers. I'd like a booking confirmation from the owner's name, the dog's name and the appointment time.",
      'Booking Confirmation',
    ],
    [
      "I teach piano to about twenty children. At the end of each term I'd like a progress note for the parents from the pupil's name, the pieces learned and one thing to practise.",
      'Progress Note',
    ],
    [
      'We host wedding receptions in a converted barn. Couples always ask about catering, so we want a menu quote from the number of guests and the menu choice (buffet, seated or BBQ).',
      'Menu Quote',
    ],
  ])('%s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });

  it('but not what someone else needs, nor an amount', () => {
    expect(name('Create an onboarding pack for a new hire: name, role, whether they need a laptop.')).toBe(
      'Onboarding Pack',
    );
    expect(name('check todays gold price and tell me if we should buy. we need 5 ounces')).toBe('Gold Price Check');
  });
});

describe('names read from more of the language', () => {
  it.each([
    ['List the side effects of a medicine from its name and dose.', 'Side Effect List'],
    ['Update our Mailchimp subscriber tags from a pasted list of emails and new tags.', 'Subscriber Tag Update'],
    ["Given this week's orders and our weekly target, tell me how far off we are.", 'Order Report'],
    ['plumber here - need quote letters for each callout: customer name, address, fault', 'Quote Letter'],
    ['dentist here, need appt reminder txts for patients - name, appt time, dr name', 'Appointment Reminder'],
  ])('%s', (prompt, expected) => {
    expect(name(prompt)).toBe(expected);
  });
});

it('names a note by what it asks for, not by what happened before the comma', () => {
  expect(name('tenant moved out, write a deposit return letter. their name, address and the amount')).toBe(
    'Deposit Return Letter',
  );
});

it('names a reply wanted after "I paste …" by what is pasted', () => {
  expect(
    name(
      "Our bakery gets wholesale enquiries. I paste the enquiry and the customer's name and want a response within the hour.",
    ),
  ).toBe('Enquiry Response');
});

it('names the job by a kind of sheet wanted', () => {
  expect(
    name(
      'We host quiz nights every Thursday. I need a score sheet for each night from the team names and the number of rounds.',
    ),
  ).toBe('Score Sheet');
});
