/**
 * A prompt that opens with a sentence of questions ("Who is the patient, when is the appointment and
 * does they need a wheelchair? Write a reminder from that.") lists what the job is given; the request
 * after it names the job. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { questionList } from '../language/question-list';
import { planWorkflow } from './plan';

const plan = (prompt: string) => {
  const planned = planWorkflow(prompt, {});
  return { name: planned.name, keys: Object.keys(planned.input_schema?.properties ?? {}) };
};

describe('an opening sentence of questions', () => {
  it.each([
    [
      "Who is the patient, when is the appointment and what's the clinic address? Write a reminder text from that.",
      /reminder/i,
      ['patient_name', 'appointment_date', 'clinic_address'],
    ],
    [
      'Which venue is it, how many tables are there and what is the budget per head? Turn that into a catering quote.',
      /catering quote/i,
      ['venue', 'number_of_tables', 'budget_per_head'],
    ],
    [
      "What's the supplier's name, which invoice, how many days late is it and do they charge interest? Draft a chaser email from those answers.",
      /chaser email/i,
      ['supplier_name', 'invoice', 'number_of_days_late', 'charges_interest'],
    ],
  ])('is read as the form: %s', (prompt, name, keys) => {
    const planned = plan(prompt);
    expect(planned.name).toMatch(name);
    expect(planned.keys).toEqual(keys);
  });

  it('offers a question of named values as a choice', () => {
    const planned = planWorkflow(
      'Where is the shoot, what date is it and is it indoors or outdoors? Write a kit list from that.',
      {},
    );
    const setting = Object.values(planned.input_schema?.properties ?? {}).find((field) => 'enum' in field);
    expect(setting).toMatchObject({ enum: ['indoors', 'outdoors'] });
  });

  it('reads a count a person fills in, first in a list, as one item of it', () => {
    const planned = plan(
      'At closing I jot down how many loaves we baked, the litres of milk used and the takings. Make a bakery order list.',
    );
    expect(planned.name).toMatch(/order list/i);
    expect(planned.keys).toEqual(['number_of_loaves', 'litres_of_milk_used', 'takings']);
    // A measure of a thing is one number; so are the takings, a sum of money.
    const form = planWorkflow(
      'At closing I jot down how many loaves we baked, the litres of milk used and the takings. Make a bakery order list.',
      {},
    ).input_schema?.properties as Record<string, { type?: string }> | undefined;
    expect([form?.litres_of_milk_used?.type, form?.takings?.type]).toEqual(['number', 'number']);
  });

  it('reads a listed "how long … in weeks" as a duration given in that unit', () => {
    const form = planWorkflow(
      'Write a referral letter with the patient name, how long the symptoms have lasted in weeks, and the GP surgery.',
      {},
    ).input_schema?.properties as Record<string, { type?: string }> | undefined;
    expect(Object.keys(form ?? {})).toEqual(['patient_name', 'duration', 'gp_surgery']);
    expect(form?.duration?.type).toBe('integer');
  });

  it('names a yes-or-no question about a person by what they may be due', () => {
    expect(
      plan('Is this member due a free class? I will give you their name and the classes they have booked.').name,
    ).toBe('Free Class Check');
  });

  it('names a request asked as a question by what it makes: "a thank-you email to people who…"', () => {
    expect(
      plan('Could you help me write a thank-you email to people who came to our fun run? I want their first name.')
        .name,
    ).toMatch(/thank-you email$/i);
  });

  it.each([
    // A question that is the job, with what it is given after it.
    'What would the monthly repayment be, given the loan amount, the rate and the term?',
    // A request of the reader.
    'can you do a thing where I enter the hours, and it works out the pay? overtime is 1.5x',
    // One question alone.
    'Is this order eligible for free delivery? I will give you the basket total.',
  ])('leaves other questions as they are: %s', (prompt) => {
    expect(questionList(prompt)).toBe(prompt);
  });
});
