/**
 * Notes typed in a hurry: a verb the planner does not know with a list of what it is given, a verb
 * of giving inside the list ("paste job notes"), and counts named by what is counted ("servings").
 * Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; format?: string; maxLength?: number; title?: string };
const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, Property>;
const long = (property: Property | undefined) => (property?.maxLength ?? 0) >= 1000;

describe('terse notes', () => {
  it('plans a job it has no verb for when the note lists what it is given', () => {
    const form = properties('knit a pattern - paste pattern, yarn, needles');
    expect(Object.keys(form)).toEqual(['pattern', 'yarn', 'needles']);
    expect(long(form.pattern)).toBe(true);
    expect(long(properties('board pack digest -- paste the agenda, keep it short').agenda)).toBe(true);
  });

  it('reads a verb of giving inside the list as no value: what is pasted is a text', () => {
    const form = properties('quote: paste job notes, customer name');
    expect(Object.keys(form)).toEqual(['job_notes', 'customer_name']);
    expect(long(form.job_notes)).toBe(true);
    expect(Object.keys(properties('site report - enter date site name notes'))).toEqual([
      'date',
      'site',
      'name',
      'notes',
    ]);
  });

  it('reads "sth" and "abt" as "something" and "about": the note is named by what it does', () => {
    expect(
      planWorkflow('need sth that writes a thank-you note abt a donation from the donor name and amount', {}).name,
    ).toBe('Donation Thank-You Note');
  });

  it('reads "yr" as a year: "age (yr)" is the age in years, no field of its own', () => {
    expect(Object.keys(properties('cheese board cards: cheese name, milk type, age (yr)'))).toEqual([
      'cheese_name',
      'milk_type',
      'age',
    ]);
  });

  it('reads "+ no. of …" as a count: with its full stop and "of", "no" after "and" is no answer', () => {
    expect(Object.keys(properties('party bags: the guest list + no. of helpers'))).toEqual([
      'guest_list',
      'number_of_helpers',
    ]);
  });

  it('names a note by its kind of thing even when the kind is a word in -ing, and keeps "no. of …" whole', () => {
    const plan = planWorkflow('cleaning quote - no. of windows, postcode', {});
    expect(plan.name).toBe('Cleaning Quote');
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual(['number_of_windows', 'postcode']);
    expect(Object.keys(properties('tenancy note: tenant name, monthly rent, a list of pets, date of birth'))).toEqual([
      'tenant_name',
      'monthly_rent',
      'pets',
      'birth_date',
    ]);
  });

  it('reads a value written with its unit ("weight kg", "miles driven") as a number, titled with the unit', () => {
    const form = properties('parcel note: recipient, weight kg, length cm, km travelled, sender');
    expect(form.weight_kg).toMatchObject({ type: 'number', title: 'Weight (kg)' });
    expect(form.length_cm).toMatchObject({ type: 'number', title: 'Length (cm)' });
    expect(form.km_travelled?.type).toBe('number');
    // Only units of measure: "storage unit" and "opening hours" are no weights.
    expect(properties('site note: storage unit, opening hours').storage_unit?.type).toBe('string');
    // A day, a week, a month or a year names when as often as how long.
    expect(properties('rota: staff name, delivery day').delivery_day?.type).not.toBe('number');
  });

  it('asks for "item" when a note lists it first', () => {
    expect(Object.keys(properties('breakages note: item, cost, date'))).toEqual(['item', 'cost', 'date']);
  });

  it('reads a word alone in the list as an item, whatever the tagger calls it: "start", "from", "to"', () => {
    expect(Object.keys(properties('desk clash check. desk, day, start, finish'))).toEqual([
      'desk',
      'day',
      'start',
      'finish',
    ]);
    expect(Object.keys(properties('courier log - date, from, to, parcels'))).toEqual(['date', 'from', 'to', 'parcels']);
    expect(Object.keys(properties('trip log - from, to, driver name'))).toEqual(['from', 'to', 'driver_name']);
  });

  it('reads "date sent" and "date found" as dates, as it does "date paid"', () => {
    const form = properties('returns log: order number, date sold, item');
    expect(form.date_sold?.format).toBe('date');
    expect(properties('lost keys note - key tag, date found, finder').date_found?.format).toBe('date');
  });

  it('names a note by its title when it opens with a verb in -ing: "booking job card - …"', () => {
    expect(planWorkflow('booking job card - name, date, time, notes', {}).name).toBe('Booking Job Card');
  });

  it('counts servings and portions', () => {
    const form = properties('recipe scaler: recipe, original servings, target servings');
    expect(form.original_servings?.type).toBe('integer');
    expect(form.target_servings?.type).toBe('integer');
    expect(properties('Plan the catering from the number of portions and the menu').number_of_portions?.type).toBe(
      'integer',
    );
  });
});
