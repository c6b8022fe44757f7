/**
 * What is sent to someone, a heading's dash before a bidding verb, and a schedule said by the day of
 * the month: "Send the tenant their balance, the due date and the late fee" gives the three values and
 * names the message by whom it goes to; "Puppy class signup - type in the owner's name, …" bids as a
 * sentence's first verb does; "On the 1st of every month" is a schedule, and a day it runs on is no
 * input. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; format?: string };
const plan = (prompt: string) => planWorkflow(prompt, {});
const keys = (prompt: string) => Object.keys(plan(prompt).input_schema?.properties ?? {});
const notes = (prompt: string) => (plan(prompt).planning_notes ?? []).map((note) => note.kind);

describe('what is sent to someone', () => {
  it('is given, each value of the list', () => {
    expect(keys('Send the tenant their balance, the due date and the late fee.')).toEqual([
      'balance',
      'due_date',
      'late_fee',
    ]);
    expect(keys('Give the driver the pickup address, the drop-off address and the passenger’s phone number.')).toEqual(
      expect.arrayContaining(['pickup_address', 'passenger_phone_number']),
    );
  });

  it('is given after a person named with their group and what they own', () => {
    expect(keys('Every Friday, email our choir members the next concert’s venue and the rehearsal date.')).toEqual([
      expect.stringMatching(/venue$/),
      'rehearsal_date',
    ]);
    const properties = plan('Text the client the appointment time, the stylist’s name and the salon address.')
      .input_schema?.properties as Record<string, Property>;
    expect(properties.stylist_name?.type).toBe('string');
    expect(properties.appointment_time?.format).toMatch(/time/);
  });

  it('names the message by whom it goes to', () => {
    expect(plan('Send the tenant their balance, the due date and the late fee.').name).toBe('Tenant Message');
    expect(plan('Email each parent the child’s name, the trip date and the cost.').name).toBe('Parent Email');
    expect(plan('Text the client the appointment time, the stylist’s name and the salon address.').name).toBe(
      'Client Text',
    );
  });

  it('is still made when it is one thing sent or told', () => {
    expect(keys('Send the team a summary of the notes I paste in.')).toEqual(['notes']);
    expect(keys('Tell the customer their delivery window from the postcode.')).toEqual(['postcode']);
  });
});

describe('a heading’s dash', () => {
  it('opens a sentence whose verb of giving bids', () => {
    expect(keys('Puppy class signup - type in the owner’s name, the puppy’s breed and the class day.')).toEqual([
      'owner_name',
      expect.stringMatching(/breed$/),
      'class_day',
    ]);
    expect(keys('Spice blend label – paste in the recipe and the blend name, and it lists the allergens.')).toEqual([
      'recipe',
      'blend_name',
    ]);
  });

  it('leaves a dash or a colon before a list of values as a list, "type of" a thing', () => {
    for (const mark of ['-', ':'])
      expect(keys(`Hire quote ${mark} type of van, hire days and the pickup date.`)).toEqual(
        expect.arrayContaining(['hire_days', 'pickup_date']),
      );
  });
});

describe('a schedule said by the day of the month', () => {
  it('is noted', () => {
    expect(notes('On the 1st of every month write a reminder to the tenant with their name and rent.')).toContain(
      'schedule',
    );
    expect(notes('On the last Friday of each month, draft the newsletter from the notes I paste in.')).toContain(
      'schedule',
    );
  });

  it('is not read into a date the prompt states', () => {
    expect(notes('Work out the rent due on the 1st of the month from the tenant’s weekly rent.')).not.toContain(
      'schedule',
    );
  });

  it('asks nothing for the day it runs on', () => {
    expect(keys('On the first Monday of each month, send a summary of the sales figures I paste in.')).toEqual([
      'sales_figures',
    ]);
  });
});
