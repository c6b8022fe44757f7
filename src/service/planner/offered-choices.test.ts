/**
 * Choices as people write them inside a list of inputs: values of several words parted by slashes,
 * a thing named as one of several ("contact method", "preferred contact") whose values are words the
 * vocabulary knows as fields, and the list going on after the choices. Prompts written for the test,
 * not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; format?: string; enum?: string[] };
const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, Property>;

describe('choices inside a list of inputs', () => {
  it('names a choice of a kind by what it is a kind of: "the type of event (…)" is the event type', () => {
    const form = properties('Write a booking note with the client name and the kind of venue (hall, garden or barn).');
    expect(form.venue_type?.enum).toEqual(['hall', 'garden', 'barn']);
    expect(Object.keys(properties('Quote a minibus from the size of the group and the pickup date.'))).toEqual([
      'group_size',
      'pickup_date',
    ]);
  });

  it('offers the values a relative clause gives the thing before it: "which is one of …", "which can be …"', () => {
    expect(
      properties(
        'Print a locker tag from the member name and their locker size, which is one of small, medium or large.',
      ).locker_size?.enum,
    ).toEqual(['small', 'medium', 'large']);
    expect(
      Object.keys(
        properties('Write a welcome card with the guest name and their room, which can be garden view or sea view.'),
      ),
    ).toEqual(['guest_name', 'room']);
    // A clause that says something else of it offers nothing.
    expect(
      properties(
        'Draft a rent reminder from the tenant name and the rent, which is due on the first or the fifth of the month.',
      ).rent?.enum,
    ).toBeUndefined();
  });

  it('offers "the granting or receiving party" as a choice of party: a participle describes as an adjective does', () => {
    const form = properties(
      'Summarise a licence agreement I paste in, and say whether we are the granting or receiving party.',
    );
    expect(form.party?.enum).toEqual(['granting', 'receiving']);
  });

  it('offers values of several words parted by slashes in brackets, and goes on with the list', () => {
    const form = properties('Book a room: room (main hall/small hall/kitchen), date, start time, end time');
    expect(Object.keys(form)).toEqual(['room', 'date', 'start_time', 'end_time']);
    expect(form.room?.enum).toEqual(['main hall', 'small hall', 'kitchen']);
    expect(
      properties('Log a visit from the visitor name and the wing (north block / south block / annexe)').wing?.enum,
    ).toEqual(['north block', 'south block', 'annexe']);
  });

  it('offers "X or Y" listed after items named in several words as a choice of two, and asks for those items', () => {
    const form = properties('Boiler service report: engineer name, boiler model, gas or oil, flue type, pass or fail');
    expect(Object.keys(form)).toEqual(expect.arrayContaining(['engineer_name', 'boiler_model', 'gas_or_oil']));
    expect(form.gas_or_oil?.enum).toEqual(['gas', 'oil']);
    const quote = properties('cleaning quote - # of bedrooms, weekly or monthly, home address');
    expect(quote.number_of_bedrooms?.type).toBe('integer');
    expect(Object.values(quote).find((p) => p.enum)?.enum).toEqual(['weekly', 'monthly']);
    // Values alike stay one choice: "into French, Spanish or German", "as hardware, software or access".
    expect(properties('Translate a leaflet into French, Spanish or German').target_language?.enum).toEqual([
      'french',
      'spanish',
      'german',
    ]);
  });

  it('keeps values that share their noun as one choice ("double room, twin room, single or suite")', () => {
    const form = properties(
      'Booking reply: guest name, arrival date, room type: double room, twin room, single or suite',
    );
    expect(Object.keys(form)).toEqual(['guest_name', 'arrival_date', 'room_type']);
    expect(form.room_type?.enum).toEqual(['double room', 'twin room', 'single', 'suite']);
    // Two capitalised names are a person and their title, not choices.
    expect(properties('Team page: manager (Sarah Jones, Head of Sales), team size').manager?.enum).toBeUndefined();
  });

  it('offers the capitalised names in brackets after one thing as its choices, with no "or"', () => {
    const form = properties('Class booking: member name, class (Yoga Flow, Spin Express, Pilates Core), date');
    expect(Object.keys(form)).toEqual(['member_name', 'class', 'date']);
    expect(form.class?.enum).toEqual(['yoga flow', 'spin express', 'pilates core']);
  });

  it('offers a choice for a thing named as one of several, even when its values name fields', () => {
    const form = properties(
      "Send a reminder given the customer's name, the contact method (email/text message/phone call) and the date",
    );
    expect(Object.keys(form)).toEqual(['customer_name', 'contact_method', 'date']);
    expect(form.contact_method?.enum).toEqual(['email', 'text message', 'phone call']);
    expect(properties('reminder: name, preferred contact (email/phone), date').contact?.enum).toEqual([
      'email',
      'phone',
    ]);
    expect(
      properties('Log a complaint from the customer name and the channel (email/phone/letter)').channel?.enum,
    ).toEqual(['email', 'phone', 'letter']);
  });

  it('goes on with a terse list after a choice written with a colon', () => {
    const form = properties('reminder - name, contact method: email/text/phone, date');
    expect(Object.keys(form)).toEqual(['name', 'contact_method', 'date']);
    expect(form.contact_method?.enum).toEqual(['email', 'text', 'phone']);
  });

  it('asks for each part a bracket lists after a thing that names no field of its own', () => {
    expect(Object.keys(properties('Draft a welcome email from the client details (name/email/phone)'))).toEqual([
      'name',
      'email',
      'phone',
    ]);
    expect(Object.keys(properties('Write a thank-you email using the donor details (name, email)'))).toEqual([
      'name',
      'email',
    ]);
    expect(Object.keys(properties('Book a slot: the date range (start date/end date) and the guest name'))).toEqual([
      'start_date',
      'end_date',
      'guest_name',
    ]);
    // A pasted table's columns are no inputs of their own.
    expect(Object.keys(properties('Total the spend from a pasted CSV (team, budget, actual)'))).not.toContain('budget');
  });

  it('offers values in square brackets, after a dash, or after a participle, each to its own field', () => {
    expect(
      properties('quote for tiling: room count, tile finish [gloss, matt, satin], customer email').tile_finish?.enum,
    ).toEqual(['gloss', 'matt', 'satin']);
    expect(
      properties('Quote a shed: shed length (m), roof type - felt/tile/metal, customer postcode').roof_type?.enum,
    ).toEqual(['felt', 'tile', 'metal']);
    expect(properties('Make a certificate: learner name, level reached (Bronze/Silver/Gold).').level?.enum).toEqual([
      'bronze',
      'silver',
      'gold',
    ]);
    // A choice goes to the field it follows, not to another of the same name.
    const form = properties(
      'chase a late payment: client email, invoice number, amount due, letter number (1st/2nd/final)',
    );
    expect(form.invoice_number?.enum).toBeUndefined();
    expect(form.letter_number?.enum).toEqual(['1st', '2nd', 'final']);
  });

  it('names a choice that follows a question by its values, and keeps the value before the comma', () => {
    const form = properties(
      'Quote a hedge trim. Hedge length in metres, how often (monthly or quarterly), and the customer email.',
    );
    expect(Object.keys(form)).toEqual(['hedge_length', 'frequency', 'customer_email']);
    expect(form.frequency?.enum).toEqual(['monthly', 'quarterly']);
  });
});
