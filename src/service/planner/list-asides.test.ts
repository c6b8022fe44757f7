/**
 * Lists of inputs as people write them in long prompts: what "we get" from a customer, an aside in
 * brackets inside the list ("(usually two first names)", "(e.g. Priya and Sam)"), and "any …" as
 * something there may be none of. Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const schema = (prompt: string) => planWorkflow(prompt, {}).input_schema ?? {};
const keys = (prompt: string) => Object.keys(schema(prompt).properties ?? {});

describe('lists of inputs in long prompts', () => {
  it('reads what "we get" from a customer, listed, as inputs; "get back" and a relative clause stay out', () => {
    expect(
      keys(
        'People book a table through our site. We get the guest name, phone number, the party size and the booking date. Write a confirmation text.',
      ),
    ).toEqual(['guest_name', 'phone_number', 'party_size', 'booking_date']);
    expect(keys('Paste a contract and I get back a summary, a list of risks and a table of dates.')).toEqual([
      'contract',
    ]);
    expect(
      keys('work out the deadline from the word count and the date we got the job, translator does 2000 words a day'),
    ).not.toContain('translator');
  });

  it('goes on with the list past an aside in brackets', () => {
    expect(
      keys("I'd fill in the couple's names (usually first names only), their tutor, the exam date and the room."),
    ).toEqual(['couple_names', 'tutor', 'exam_date', 'room']);
    expect(keys('I enter the pet names (e.g. Rex and Bella), the owner email, the visit date and the vet.')).toEqual([
      'pet_names',
      'owner_email',
      'visit_date',
      'vet',
    ]);
  });

  it('makes "any …" an input that may be left empty', () => {
    const form = schema('Write a welcome pack. I give the guest name, the arrival date and any allergies.');
    expect(Object.keys(form.properties ?? {})).toEqual(['guest_name', 'arrival_date', 'allergies']);
    expect(form.required).toEqual(['guest_name', 'arrival_date']);
  });
});

describe('where a thing happens is no input', () => {
  it('leaves "on our website", "on Etsy" and "on sale" out when the inputs are listed', () => {
    expect(
      keys('When a booking comes in on our website, write a confirmation using the guest name and the arrival date.'),
    ).toEqual(['guest_name', 'arrival_date']);
    expect(keys('price label text - item name, price, and the discount % if it is on sale')).not.toContain('sale');
  });

  it('keeps what a sum is worked on, or a choice is based on', () => {
    expect(keys('Work out the tip at 15% on a bill total')).toEqual(['bill_total']);
    expect(keys('Sort a complaint as urgent, normal or low based on its text and the customer tier')).toContain('text');
  });
});

describe('a person or an item first in a terse list', () => {
  it('asks for "client" and "tenant" listed first after a dash or a full stop', () => {
    expect(keys('chase late rent - tenant, flat number, amount owed, due date')).toEqual([
      'tenant',
      'flat_number',
      'amount_owed',
      'due_date',
    ]);
    expect(keys('lesson recap for parents. pupil, topic, homework, next lesson date')).toContain('pupil');
  });
});

describe('names of a date and of what a person has', () => {
  it('names "the date they need to reply by" the reply deadline, and "the person\'s name" without "person"', () => {
    expect(
      keys("Write an offer letter: I put the person's name, the room number and the date they need to reply by."),
    ).toEqual(['name', 'room_number', 'reply_deadline']);
    expect(keys('Write the note for the person responsible and the deadline')).toContain('person_responsible');
  });

  it('reads "the customer\'s address" as the address the customer has, not a verb', () => {
    expect(keys("Write a delivery note from the customer's address, the parcel weight and the date.")).toEqual([
      'customer_address',
      'parcel_weight',
      'date',
    ]);
  });
});

describe('"giving" opens a list of inputs', () => {
  it('reads "…, giving the member\'s name, the plan and the renewal date" as inputs', () => {
    expect(
      keys(
        "Write a note to a gym member about their renewal, giving the member's name, the plan and the renewal date.",
      ),
    ).toEqual(['member_name', 'plan', 'renewal_date']);
  });
});
