/**
 * A clause that says which date, with its own object; columns a list has, then an input of its own;
 * a count wished for beside the one there is. "the date we'll collect the keys" ends at the keys and
 * the list goes on; "the list of songs with their keys, and the band leader's name" asks for the band
 * leader; "the current headcount and the number of seats we need" asks for both. Prompts written for
 * the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedTypes as typed } from '../test-support/planned-inputs';

describe('a date said by a clause with its own object', () => {
  it('is the date, and the list goes on after it', () => {
    expect(
      Object.keys(
        typed("Write a notice with the tenant's name, the date we'll inspect the flat, and our site phone number."),
      ),
    ).toEqual(['tenant_name', 'inspect_date', 'site_phone_number']);
  });
});

describe('a list with its columns', () => {
  it('ends where an item with an article of its own follows', () => {
    expect(
      Object.keys(
        typed("Make the set list from the gig date, the list of songs with their lengths, and the band leader's name."),
      ),
    ).toEqual(['gig_date', 'songs', 'band_leader_name']);
  });

  it('keeps columns said with "a" and "an" together', () => {
    expect(
      Object.keys(typed('Given a list of purchases, each with an amount and a supplier, total them by supplier.')),
    ).toEqual(['purchases']);
  });
});

describe('a count wished for', () => {
  it('is asked beside the count there is', () => {
    expect(typed('Resize the seating plan from the current number of seats and the number of seats we need.')).toEqual({
      current_number_of_seats: 'integer',
      number_of_seats_needed: 'integer',
    });
  });
});

describe('where what is made is sent', () => {
  it('asks for the address someone has', () => {
    expect(
      Object.keys(
        typed(
          "Write a pickup reminder from the parent's name and the pickup time, and text it to the parent's mobile number.",
        ),
      ),
    ).toEqual(['parent_name', 'pickup_time', 'mobile_number']);
  });

  it('leaves what is replied to and a device alone', () => {
    expect(
      Object.keys(typed('Send a reply to every unread email from a supplier with a short thank-you.')),
    ).not.toContain('unread_email');
    expect(
      Object.keys(typed("Build a pick list from the order lines and send it to the packer's phone.")),
    ).not.toContain('packer_phone');
  });
});

describe('where an input is, said after it', () => {
  it('leaves the list going', () => {
    expect(
      Object.keys(typed('Work out the skirting board from the distance around the room and the door width.')),
    ).toEqual(['distance', 'door_width']);
  });
});
