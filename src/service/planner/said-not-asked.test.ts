/**
 * Words a prompt says that ask for nothing: a question the job answers beside what it works out
 * ("tell me how much is left and whether we are over budget"), a verb or a participle that says how
 * (", round to 2 decimals", ", paid at double time"), a bare noun after a preposition ("on site"), the
 * writer's own things and their names ("our firm (Oakline Partners)"), and a plural a participle is
 * said of ("the jobs done"). Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const keys = (prompt: string) => Object.keys(planWorkflow(prompt, {}).input_schema?.properties ?? {});

describe('questions the job answers, beside what it works out', () => {
  it.each([
    [
      'From the guest list and the venue capacity, work out the seats left and how many extra chairs to hire.',
      ['guest_list', 'venue_capacity'],
    ],
    [
      'Given the invoices I paste and our credit limit, tell me what we owe in total and whether we are over the limit.',
      ['invoices', 'credit_limit'],
    ],
    [
      'Calculate the paint needed for a room and how many tins to buy, given the wall area and coats.',
      ['wall_area', 'coats'],
    ],
  ])('asks none of them: %s', (prompt, expected) => {
    expect(keys(prompt)).toEqual(expected);
  });

  it.each([
    [
      'Work out a delivery fee from the distance, the weight and whether the customer needs a two-person lift.',
      ['distance', 'weight', 'needs_two_person_lift'],
    ],
    [
      'Check a booking: the guest name, the nights and whether breakfast is included.',
      ['guest_name', 'nights', 'breakfast_included'],
    ],
  ])('still asks a yes or no listed among what it is given: %s', (prompt, expected) => {
    expect(keys(prompt)).toEqual(expected);
  });
});

describe('a verb after a comma', () => {
  it.each([
    [
      'Work out a tip for each table from the bill totals I give and a tip %, round each to the nearest pound.',
      ['bill_totals', 'tip_percent'],
    ],
    ['Convert a price from GBP to EUR at the rate I give you, round to 2 decimals.', ['price', 'rate']],
  ])('reads ", round each to …" and ", round to …" as what the job does: %s', (prompt, expected) => {
    expect(keys(prompt)).toEqual(expected);
  });
});

describe('a plural before a participle', () => {
  it('keeps "the jobs done" as they are: no owner whose apostrophe was left out', () => {
    expect(keys('Write the weekly report from the site name and the jobs done.')).toEqual(['site_name', 'jobs_done']);
  });
});

describe('a bare noun after a preposition', () => {
  it('asks nothing for "on site": it says where the volunteers are', () => {
    const asked = keys('Log the day: the date, the number of volunteers on site and the hours worked.');
    expect(asked).toContain('number_of_volunteers');
    expect(asked).not.toContain('site');
  });
});

describe('a participle that says how a thing is paid', () => {
  it('asks nothing for ", paid at double time": it states the rule', () => {
    expect(
      keys("Work out a cleaner's weekly wage from their hours and their hourly rate, paid at double time on Sundays."),
    ).toEqual(['hours', 'hourly_rate']);
  });
});

describe("the writer's own things, named", () => {
  it.each([
    [
      "Draft a services agreement between our firm (Oakline Partners) and a client, from the client's name and the start date.",
      ['client_name', 'start_date'],
    ],
    [
      'Send a thank-you from my shop, Little Fern, to a customer using their first name and what they bought.',
      ['first_name', 'what_they_bought'],
    ],
  ])('asks neither "our firm" nor its name: %s', (prompt, expected) => {
    expect(keys(prompt)).toEqual(expected);
  });
});

describe('a verb of giving after "and"', () => {
  it('reads "and paste in the notes" as a verb of giving, not a thing named "paste"', () => {
    expect(keys('Draft a board report from the quarter and the revenue figures, and paste in the risk notes.')).toEqual(
      ['quarter', 'revenue_figures', 'risk_notes'],
    );
  });
});
