/**
 * Values a list describes and the words around them: a participle after a plural, what a list after
 * a colon is about, a yes-or-no said of a thing or by "they", a share of a base, a place in a
 * numbered run, the writer's own place a message comes from, a question before a choice. Prompts
 * written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; enum?: string[] };
const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, Property>;
const keys = (prompt: string) => Object.keys(properties(prompt));

describe('values a list describes', () => {
  it('keeps a participle with its particle after a plural, and the list goes on', () => {
    expect(keys('Work out the fuel bill: number of loads carried over, the price per litre.')).toEqual([
      'number_of_loads_carried_over',
      'price_per_litre',
    ]);
    expect(keys('Estimate the cost: the hours given up, the hourly rate.')).toEqual(['hours_given_up', 'hourly_rate']);
  });

  it('does not ask for the thing a list after a colon describes', () => {
    expect(
      keys("Tell me how many loaves I'll bake from a sack: the sack weight in kg and the loaf weight in grams."),
    ).toEqual(['sack_weight', 'loaf_weight']);
    // A thing the job is bidden to handle still names it.
    expect(planWorkflow('Handle a return request: order number and reason.', {}).name).toBe('Return Request');
  });

  it('names a yes or no by the thing it is said of, and says it of "they"', () => {
    expect(keys('Service sheet: the address, whether the boiler needs descaling, and whether they own a dog.')).toEqual(
      ['address', 'boiler_needs_descaling', 'owns_dog'],
    );
    expect(keys('Quote: the postcode and whether the flat has a lift.')).toEqual(['postcode', 'has_lift']);
  });

  it('asks for what a share is taken of', () => {
    expect(properties('Work out the agent fee at 3% of the monthly rent.')).toEqual({
      monthly_rent: expect.objectContaining({ type: 'number' }),
    });
  });

  it('counts a place in a numbered run', () => {
    expect(properties('Restaurant booking slip: guest name, table number, time.').table_number?.type).toBe('integer');
  });

  it("does not ask for the place a message comes from when it is the writer's own", () => {
    expect(keys('Write a welcome email from our yoga studio, using the member name and the class.')).toEqual([
      'member_name',
      'class',
    ]);
    expect(keys('Summarise the key points from my notes.')).toContain('notes');
  });

  it('reads a question, or a thing with its article, before a choice as a value of its own', () => {
    const poster = properties('Poster order: the width, glossy or matte, and the delivery date.');
    expect(poster.glossy_or_matte?.enum).toEqual(['glossy', 'matte']);
    expect(Object.keys(poster)).toContain('width');
    const form = properties('Flyer print order: how many flyers, glossy or matte paper, and the date.');
    expect(Object.keys(form)).toContain('number_of_flyers');
    expect(Object.values(form).some((p) => p.enum?.some((v) => /how many/i.test(v)))).toBe(false);
  });

  it('offers the values a colon opens, one of them a participle', () => {
    expect(properties('Party booking: the host name and the food: buffet, hog roast or plated.').food?.enum).toEqual([
      'buffet',
      'hog roast',
      'plated',
    ]);
  });

  it('names a job done for each thing by that thing', () => {
    expect(planWorkflow('For each flower order, take the buyer name, the colour and the delivery date.', {}).name).toBe(
      'Flower Order Report',
    );
  });

  it('does not ask for a thing the inputs name by its parts', () => {
    expect(keys('Book a table at a restaurant with the restaurant name, the date and the party size.')).toEqual([
      'restaurant_name',
      'date',
      'party_size',
    ]);
    expect(keys('Notice to a tenant that their gas check is due: tenant name, the date of the last check.')).toEqual([
      'tenant_name',
      'last_check_date',
    ]);
  });

  it('reads a plain verb between what describes a thing and its noun, or as an item of a colon list, as a noun', () => {
    expect(keys('Draft a proposal from the client name and the expected build cost.')).toEqual([
      'client_name',
      'expected_build_cost',
    ]);
    expect(
      keys('Van hire booking: driver name, pickup point (depot or home), hire period in days, and the date.'),
    ).toEqual(['driver_name', 'pickup_point', 'hire_period', 'date']);
  });

  it('names a heading that opens with two verbs as a thing', () => {
    expect(planWorkflow('Skip hire booking: name, address and the date.', {}).name).toBe('Skip Hire Booking');
  });

  it('reads the form a value takes as part of it, and the list goes on', () => {
    expect(
      keys('Refund check: order total, refund given as a percentage, and the reason (damaged or late).'),
    ).toContain('reason');
  });

  it('reads a thing counted by a measure, and a thing after "of" before the clause that describes it', () => {
    expect(keys('Work out the mix: how many bags of sand it needs, and the colour.')).toEqual([
      'bags_of_sand',
      'colour',
    ]);
    expect(keys('Work out the mix, given the number of bags and the number of days it has to set.')).toEqual([
      'number_of_bags',
      'number_of_days',
    ]);
  });

  it('asks for a list of values when one is given for each of a thing', () => {
    expect(
      properties('Museum report: the visitors counted each day, and the ticket price.').visitors_counted?.type,
    ).toBe('array');
    expect(
      properties('Museum report from the number of visitors for each day of the week.').number_of_visitors?.type,
    ).toBe('array');
    expect(
      properties('Plan the rota from the staff list and the max hours each person can work.').max_hours?.type,
    ).toBe('number');
  });

  it('goes on with the list after a question listed among the inputs', () => {
    expect(keys('Party quote: how many children, and the party date.')).toEqual(['number_of_children', 'party_date']);
  });

  it('asks where a thing is on something as its location', () => {
    expect(keys('Piercing record: client name, where on the ear the piercing is, and the date.')).toEqual([
      'client_name',
      'location',
      'date',
    ]);
  });

  it('asks how often a thing is done, and reads a pair after it as a choice of its own', () => {
    const form = properties('Pet sitting card: pet name, how often to feed, indoor or outdoor, and the vet phone.');
    expect(Object.keys(form)).toContain('feed_frequency');
    expect(form.indoor_or_outdoor?.enum).toEqual(['indoor', 'outdoor']);
  });

  it('keys a number of a unit said of something by the measure, and keeps a participle on the second of a pair', () => {
    expect(keys('Training record: the trainee name and the number of first aid hours.')).toEqual([
      'trainee_name',
      'first_aid_hours',
    ]);
    expect(keys('Absence note: the pupil name and the first and last day missed.')).toEqual([
      'pupil_name',
      'first_day_missed',
      'last_day_missed',
    ]);
  });

  it('names the cost of a thing by the thing, and a span by what was done for it', () => {
    expect(keys('Repair invoice: the customer name, the labour hours and the cost of spares.')).toEqual([
      'customer_name',
      'labour_hours',
      'spares_cost',
    ]);
    expect(keys('Climbing log: climber name, how long they rested in minutes, and the route.')).toEqual([
      'climber_name',
      'rest_duration',
      'route',
    ]);
  });

  it('names a yes or no of what there is by the thing, not what is to be done with it', () => {
    expect(keys('Gutter quote: the address, and whether there is a porch to clear too.')).toEqual(['address', 'porch']);
  });

  it('names a date by when a thing was due back', () => {
    expect(keys('Hire reminder: the renter name and the date they were due back.')).toEqual([
      'renter_name',
      'due_back_date',
    ]);
  });

  it('reads "new" as what describes a value, and keeps the article of a clause in a terse note', () => {
    expect(
      keys(
        'Fee change letter: member name, the old monthly fee, the new monthly fee, and the date the new fee starts.',
      ),
    ).toEqual(['member_name', 'old_monthly_fee', 'new_monthly_fee', 'new_fee_start_date']);
  });

  it('reads a verb after "and" in a colon list as part of an item, and a rate stated with "at" as fixed', () => {
    expect(keys('Skip quote: the postcode, number of skips and hire period in days. Add VAT at 20%.')).toEqual([
      'postcode',
      'number_of_skips',
      'hire_period',
    ]);
  });

  it('names the measure of a thing by the thing', () => {
    expect(keys('Fence quote: the length of the fence, the height of the fence and the colour.')).toEqual([
      'fence_length',
      'fence_height',
      'colour',
    ]);
  });

  it('names a yes or no of what a thing now is as a state', () => {
    expect(
      keys('Repair ticket: the device, and whether the screen is cracked or not, and whether the case is loose.'),
    ).toContain('case_is_loose');
  });
});
