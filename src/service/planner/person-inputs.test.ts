/**
 * Inputs the person says they give in their own words: what they "add" or "log" themselves (but
 * "add a sign-off", bidden, is made), a stretch of time's dates, a premium as money, and choices of
 * a few words each. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, { type?: string; enum?: string[] }>;
const keys = (prompt: string) => Object.keys(properties(prompt));

describe('what the person gives in their own words', () => {
  it('reads "a few words on their strengths" as the strengths, not as words', () => {
    expect(keys('Write a leaving card message using their name, their team and a few words on their hobbies')).toEqual([
      'name',
      'team',
      'hobbies',
    ]);
  });

  it('reads "date it was paid" in a list as the date an event names, not as a verb', () => {
    expect(keys('Receipt note: tenant name, amount, date it was paid, method')).toContain('payment_date');
  });

  it('names a date by the joined word it is of ("the date of their last check-in")', () => {
    expect(keys("Write a reminder with the client's name and the date of their last check-in")).toEqual([
      'client_name',
      'last_check_in_date',
    ]);
  });

  it("reads the email after a person's name as their address, whoever they are", () => {
    const form = planWorkflow("Lesson confirmation: learner's name, email, lesson date", {}).input_schema
      ?.properties as Record<string, { format?: string }>;
    expect(form.learner_email?.format).toBe('email');
    const camp = planWorkflow('Camp place offer: camper name, email, session', {}).input_schema?.properties as Record<
      string,
      { format?: string }
    >;
    expect(camp.camper_email?.format).toBe('email');
  });

  it('reads what "I add" as given, and "add …" bidden as what is made', () => {
    expect(
      keys(
        "Can you build something where I paste my meeting notes and add the client's name and the project code, and it writes a follow-up?",
      ),
    ).toEqual(expect.arrayContaining(['client_name', 'project_code']));
    expect(keys('Add a friendly sign-off to the customer email I paste and fix the grammar.')).not.toContain(
      'sign_off',
    );
  });

  it('reads the dates of a trip or a leave as where it starts and ends', () => {
    expect(keys("Draft a house-sitting brief given the owner's name, their trip dates and the pet's name.")).toEqual([
      'owner_name',
      'trip_start_date',
      'trip_end_date',
      'pet_name',
    ]);
  });

  it('types a premium as money', () => {
    expect(
      properties("Write a renewal letter from the policyholder's name, the old premium and the new premium."),
    ).toMatchObject({
      old_premium: { type: 'number' },
      new_premium: { type: 'number' },
    });
  });

  it('offers choices of a few words each, and one-word choices read inside brackets as before', () => {
    expect(
      properties(
        "Write the feedback note from the trainee's name and their progress (needs support, on track or ahead of plan).",
      ).progress?.enum,
    ).toEqual(['needs support', 'on track', 'ahead of plan']);
    expect(
      properties('Make an invoice from the student name and the lesson length (30, 45 or 60 minutes).').lesson_length
        ?.enum,
    ).toEqual(['30', '45', '60']);
  });
});

describe('a list of inputs with choices and clauses in it', () => {
  it('reads "the subject (…)", "what was covered" in a polite question, and "the homework set"', () => {
    const form = properties(
      "Could you write the tutor's note from the pupil's name, the subject (chemistry or biology), what was covered, and the homework set, if any?",
    );
    expect(Object.keys(form)).toEqual(['pupil_name', 'subject', 'what_was_covered', 'homework_set']);
    expect(form.subject?.enum).toEqual(['chemistry', 'biology']);
  });

  it('reads the choices of a thing a clause tells of, and the list after them', () => {
    const form = properties(
      'Write the apology from the guest name, the reason the booking was cancelled (double booked, staff illness or power cut) and the new date.',
    );
    expect(Object.keys(form)).toEqual(['guest_name', 'reason', 'new_date']);
    expect(form.reason?.enum).toEqual(['double booked', 'staff illness', 'power cut']);
  });

  it('reads "the parts needed" in a list as a list of them', () => {
    expect(
      properties('Write a repair quote from the van model and a list of the parts needed.').parts_needed,
    ).toMatchObject({
      type: 'array',
    });
  });

  it('asks for the name of the one a message is for, when the prompt gives nothing else', () => {
    expect(keys('Write a thank-you email to a new volunteer.')).toEqual(['volunteer_name']);
    expect(keys('Make a get-well message for a patient.')).toEqual(['patient_name']);
    expect(keys('Write a letter to the council about parking.')).toEqual([]);
  });

  it('asks for two of one thing told apart by whose each is, and for how it is paid', () => {
    expect(keys('price check - their price, our price, product name')).toEqual([
      'their_price',
      'our_price',
      'product_name',
    ]);
    expect(properties('receipt - customer name, amount, paid by (cash / card / voucher)').payment_method?.enum).toEqual(
      ['cash', 'card', 'voucher'],
    );
  });
});
