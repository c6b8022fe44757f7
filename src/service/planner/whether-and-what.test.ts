/**
 * Questions a prompt bids the job answer inside a request: "work out whether …" is a check, "tell me
 * what … comes to" a calculation, and the questions listed after "if I tell you" are what the person
 * gives. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const plan = (prompt: string) => planWorkflow(prompt, {});
const keys = (prompt: string) => Object.keys(plan(prompt).input_schema?.properties ?? {});

describe('a yes-or-no question after a verb of working out', () => {
  it('is a check named by what it asks about, not a calculator', () => {
    expect(plan('Work out whether a new hire meets our minimum requirements from their CV.').name).toBe(
      'New Hire Check',
    );
    expect(plan('Work out whether a new hire is eligible for the pension scheme from their age and salary.').name).toBe(
      'Pension Scheme Check',
    );
    expect(plan('Can you figure out if a booking overlaps with another, given the start and end time?').name).toMatch(
      /Check$/,
    );
  });

  it('still calculates when what is worked out is an amount', () => {
    expect(plan('Work out the delivery charge from the parcel weight and the distance in miles.').name).toMatch(
      /Calculator$/,
    );
  });

  it('keeps the noun of a deciding verb', () => {
    expect(plan('Decide whether a donation qualifies for a match from the donor name and the amount.').name).toMatch(
      /Decision$/,
    );
  });
});

describe('"tell me what … comes to"', () => {
  it('names a calculator by the amount asked', () => {
    expect(
      plan("Tell me what a contractor's weekly invoice comes to if I give you their day rate and the days they worked.")
        .name,
    ).toBe('Contractor Weekly Invoice Calculator');
    expect(plan('Work out what the total bill will be, given the nights and the room rate.').name).toBe(
      'Total Bill Calculator',
    );
  });

  it('leaves a "what" that asks no amount to the rest of the reading', () => {
    expect(
      plan('Route each message to Sales or Support depending on what the sender is asking about.').name,
    ).not.toMatch(/Sender Calculator/);
    expect(
      plan("Summarise a grant application. I'll paste the application and say what our charity's aims are.").name,
    ).not.toMatch(/Calculator/);
  });
});

describe('questions listed after "if I tell you"', () => {
  it('are inputs the person gives, even when the sentence ends with a question mark', () => {
    expect(
      keys(
        'Could you check whether a marquee is big enough if I tell you the event date, the marquee size in square metres and how many guests are coming?',
      ),
    ).toEqual(['event_date', 'marquee_size', 'number_of_guests']);
  });

  it('leave "Given the hours, how many staff do we need?" asking the count', () => {
    expect(keys('Given the opening hours, how many staff do we need?')).not.toContain('number_of_staff');
  });

  it('leave a wish inside the question alone: "whether we need a stage" is a yes or no', () => {
    const planned = plan(
      'Check whether the hall suits our party if I tell you the date, how many people are coming and whether we need a stage.',
    );
    expect(planned.name).not.toMatch(/Stage/);
    expect(Object.keys(planned.input_schema?.properties ?? {})).toContain('needs_stage');
  });
});
