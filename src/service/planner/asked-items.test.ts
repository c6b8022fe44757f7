/**
 * Items of a list asked as questions: "bringing a dog?", "VAT included?", "was a doctor called?",
 * and sentences that each name a thing ("Bedrooms? Bathrooms?"). Questions the prompt asks of the
 * reader stay questions. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; format?: string };
const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, Property>;
const types = (prompt: string) =>
  Object.fromEntries(Object.entries(properties(prompt)).map(([key, p]) => [key, p.format ?? p.type]));

describe('items asked as questions', () => {
  it('asks a yes or no for an item with a question mark in a list', () => {
    expect(types('Confirm a campsite booking. Guest name, email, number of nights, bringing a tent?')).toEqual({
      guest_name: 'string',
      guest_email: 'email',
      number_of_nights: 'integer',
      bringing_tent: 'boolean',
    });
    expect(types('Write a receipt. Buyer name, order total, gift wrapped? Thank them for shopping.')).toEqual({
      buyer_name: 'string',
      order_total: 'number',
      gift_wrapped: 'boolean',
    });
    expect(types('Accident log for the nursery: child name, was a parent told?, staff on shift')).toMatchObject({
      child_name: 'string',
      parent_told: 'boolean',
    });
  });

  it('reads a run of yes-or-no questions in a list, each as its own, whatever opens them', () => {
    expect(
      types('Hire form for the hall: hirer name, event date, wants the bar? wants the stage? any children attending?'),
    ).toEqual({
      hirer_name: 'string',
      event_date: 'date',
      wants_bar: 'boolean',
      wants_stage: 'boolean',
      children_attending: 'boolean',
    });
    expect(types('Return check: parcel weight, days late, and was the box damaged?')).toMatchObject({
      box_damaged: 'boolean',
    });
    expect(types('Gig booking: venue, fee, is there a sound engineer at the venue?')).toMatchObject({
      sound_engineer_at_venue: 'boolean',
    });
  });

  it('reads "do they need X (yes/no)" as whether they need it, without the question\'s "do"', () => {
    const form = properties(
      'Swim lesson sign-up: child name, age, do they need armbands (yes/no), does the parent stay y/n',
    );
    expect(form.needs_armbands?.type).toBe('boolean');
    expect(Object.keys(form).some((key) => /^(?:do|does)_/.test(key))).toBe(false);
  });

  it('does not read a remark after a listed question as another item ("is that doable?")', () => {
    expect(Object.keys(properties('Cover request: name, date, cover arranged? is that doable?'))).not.toContain(
      'doable',
    );
  });

  it('reads sentences that each name a thing as a list of what to give', () => {
    expect(types('Quote a window clean. House type: terraced or detached. Windows? Conservatory yes/no.')).toEqual({
      house_type: 'string',
      number_of_windows: 'integer',
      conservatory: 'boolean',
    });
    expect(types('Summarise the session notes. Notes: paste here. Session date? Counsellor name?')).toMatchObject({
      session_date: 'date',
      counsellor_name: 'string',
    });
  });

  it('leaves the questions a prompt asks of the reader', () => {
    expect(
      Object.keys(properties('Here is a review. Is it positive or negative, and which dish is it about?')),
    ).not.toContain('dish_is_it_about');
    const form = properties(
      'If I paste the transcript and give you the meeting date, can you write formal minutes? Keep them short.',
    );
    expect(Object.keys(form)).not.toContain('write_formal_minutes');
    expect(
      Object.keys(properties('How many days are there between a start date and an end date, not counting weekends?')),
    ).toEqual(['start_date', 'end_date']);
  });
});
