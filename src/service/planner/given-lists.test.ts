/**
 * Lists of values read where the words around them once hid them: what a made thing shows of someone,
 * a note's values joined by "+", the date something was paid or was due, and a list after "from" that
 * follows a text. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const keys = (prompt: string) => Object.keys(planWorkflow(prompt, {}).input_schema?.properties ?? {});

describe('lists of values', () => {
  it('reads what a made thing shows of someone as inputs, but not what a chart shows', () => {
    expect(keys('Make a door sign for a new tenant showing their name, flat number and move-in date.')).toEqual([
      'name',
      'flat_number',
      'move_in_date',
    ]);
    expect(keys('Make a chart showing the monthly sales.')).toEqual([]);
  });

  it('reads a note whose values, after a comma, are joined by "+"', () => {
    expect(keys('volunteer thank-you card, first name + event + date')).toEqual(['first_name', 'event', 'date']);
  });

  it('names a date by what happened on it or what it was said to be', () => {
    expect(keys('Write a receipt with the customer name and the date the deposit was paid.')).toEqual([
      'customer_name',
      'deposit_paid_date',
    ]);
    expect(keys('Write a chaser with the supplier name and the date the order was due.')).toEqual([
      'supplier_name',
      'order_due_date',
    ]);
  });

  it('reads "from the X, the Y and the Z" after a text as values, not where the text came from', () => {
    expect(
      keys('Check whether a refund is within policy from the product type, the price and the date it was bought.'),
    ).toEqual(['product_type', 'price', 'bought_date']);
  });

  it('reads questions told to the job as values: whole runs of nouns, after "tell you" too', () => {
    expect(keys('I’ll paste the feedback and tell you the guest’s name and how many nights they stayed.')).toEqual([
      'feedback',
      'guest_name',
      'nights_stayed',
    ]);
    expect(keys('Write a handover note with the patient’s name and who their team leader will be.')).toEqual([
      'patient_name',
      'team_leader',
    ]);
    expect(keys('Write a payslip note from their name and how many overtime hours they worked.')).toEqual([
      'name',
      'overtime_hours_worked',
    ]);
  });

  it('reads a bracketed list that trails off with "etc." as examples, neither inputs nor choices', () => {
    const planned = planWorkflow(
      'Make a kit return form from the person’s name, the kit they borrowed (tent, stove, etc.) and the return date.',
      {},
    );
    const properties = (planned.input_schema?.properties ?? {}) as Record<string, { enum?: unknown }>;
    expect(Object.keys(properties)).toEqual(['name', 'kit', 'return_date']);
    expect(properties.kit?.enum).toBeUndefined();
  });

  it('reads symptoms, observations and dietary requirements as one free text, unless a bracket says there may be several', () => {
    const types = (prompt: string) =>
      Object.fromEntries(
        Object.entries(
          (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, { type: string }>,
        ).map(([key, schema]) => [key, schema.type]),
      );
    expect(types('Write a booking note with the guest name and any dietary requirements.')).toEqual({
      guest_name: 'string',
      dietary_requirements: 'string',
    });
    expect(types('Write a vet visit summary from the pet’s name and the symptoms.')).toMatchObject({
      symptoms: 'string',
    });
    expect(
      types('Write an intro letter with the mentor’s name and the mentee’s hobbies (usually a few of them).'),
    ).toMatchObject({ hobbies: 'array' });
    expect(
      types('Write a booking note with the guest name and any dietary requirements (could be several).'),
    ).toMatchObject({ dietary_requirements: 'array' });
  });

  it('reads a usage, a stock or reorder level and an ABV as numbers', () => {
    const properties = (prompt: string) =>
      (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, { type: string }>;
    expect(properties('low stock alert: product, stock level, reorder level').reorder_level?.type).toBe('number');
    expect(properties('Estimate the monthly water bill from the water usage.').water_usage?.type).toBe('number');
    expect(properties('Write a beer label from the beer name, the style and the ABV.').abv?.type).toBe('number');
  });
});
