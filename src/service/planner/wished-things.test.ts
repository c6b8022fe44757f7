/**
 * What a person says they want, after the story of their business: the thing itself, past a word
 * that only says how ("a short, respectful message"), without what is said of it after ("written for
 * the card"), and never a value they list ("I need first name, surname…"). Prompts written for the
 * test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const nameOf = (prompt: string) => planWorkflow(prompt, {}).name;

describe('a wish after the story', () => {
  it('names the thing past a word that only says how, and without a participle after it', () => {
    expect(
      nameOf(
        'We run a small bakery and do lots of birthday cakes. When an order comes in, we need a short, cheerful note written for the box. It takes the child’s name and their age.',
      ),
    ).toMatch(/^(?:\w+ )?Note$/);
  });

  it('names the job by the output the prompt says it should be', () => {
    expect(
      nameOf(
        'We are a lettings agency and our negotiators write up every viewing by hand. I would enter the property address, the viewer name and my notes. The output should be a one-page viewing report for the landlord.',
      ),
    ).toBe('Viewing Report');
  });

  it('names the job by what the person asks to get back, not by what they get now', () => {
    expect(
      nameOf(
        "Our volunteers send in messy shift notes. I want to paste the notes and the volunteer's name, and get back a tidy shift report.",
      ),
    ).toBe('Shift Report');
    expect(
      nameOf(
        "We get dozens of supplier quotes each month. I'd like to paste in a quote and the project name, and get a score out of 10 with reasons.",
      ),
    ).toBe('Quote Score');
    expect(
      nameOf(
        'I run the parish office and I type up the baptism register. I phone the family and get a rough list of godparents. Can you write a baptism certificate from the child name and the date?',
      ),
    ).toBe('Baptism Certificate');
  });

  it('reads what customers tell the person as the inputs, and "could it turn that into…" as what is made', () => {
    const plan = planWorkflow(
      'Parents tell us the child name, the class, the number of sessions and any allergies. Could it turn that into a booking confirmation?',
      {},
    );
    expect(plan.name).toBe('Booking Confirmation');
    expect(Object.keys(plan.input_schema?.properties ?? {})).toEqual([
      'child_name',
      'class',
      'number_of_sessions',
      'allergies',
    ]);
  });

  it('names the job by a wished-for thing that says only its kind, when nothing says what it is for', () => {
    expect(
      nameOf(
        "We're a small dental practice and every spring we chase patients who are overdue. I'd like a reminder letter per patient using the patient's name and their last visit date.",
      ),
    ).toBe('Reminder Letter');
  });

  it('reads values needed with no article as values, not the job', () => {
    expect(
      nameOf(
        'Part of my job is setting up library cards. I have to work out a card number for each new member. I need first name, surname and date of birth.',
      ),
    ).toBe('Card Number Calculator');
  });

  it('names a wished-for thing by what it is, not by how long it is, how it was made or what it lists', () => {
    expect(
      nameOf("For each candidate I'd enter their name and their score, and get a three or four line summary back."),
    ).toBe('Summary');
    expect(nameOf("I'd like to type in the room sizes and get an estimated paint cost.")).toBe('Paint Cost Estimate');
    expect(nameOf('I want summarised minutes from the call transcript I paste in.')).toBe('Call Summary');
    expect(nameOf('I paste in the survey notes and want a short written report with any problems found.')).toBe(
      'Survey Notes Report',
    );
    expect(
      nameOf(
        'I paste the cleaner’s checklist and the flat address, and get back a neat report listing any missed jobs.',
      ),
    ).not.toMatch(/Listing/);
  });
});
