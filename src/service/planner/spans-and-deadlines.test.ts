/**
 * A span someone spent with its unit in brackets, and a date a thing is wanted by: "how long they queued
 * (in minutes)" is how long they queued, a number; "the date we need them back by" is the deadline.
 * Prompts written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedTypes as typed } from '../test-support/planned-inputs';

describe('how long someone did a thing, its unit in brackets', () => {
  it('is the span, a number, not the unit', () => {
    expect(
      typed("Write a sorry note with the customer's name, how long they queued (in minutes) and a voucher code."),
    ).toEqual({
      customer_name: 'string',
      queue_duration: 'number',
      voucher_code: 'string',
    });
    expect(typed('Ward log: the patient name, how long they stayed (hrs) and the bed number.')).toMatchObject({
      stay_duration: 'number',
    });
  });
});

describe('the date a thing is wanted by', () => {
  it('is its deadline', () => {
    expect(
      typed('Ask a tenant for meter readings: their name, the flat number and the date we need them back by.'),
    ).toEqual({
      name: 'string',
      flat_number: 'string',
      deadline: 'string',
    });
    expect(Object.keys(typed('Invoice: the client, the amount and the date it must be paid by.'))).toContain(
      'payment_deadline',
    );
  });

  it('leaves a date something happened named by the event, and a deadline named by what is done by it', () => {
    expect(Object.keys(typed('Refund note: the order number and the date it was delivered.'))).toContain(
      'delivery_date',
    );
    expect(Object.keys(typed("Homework sheet: the pupil's name and the date they must hand it in by."))).toContain(
      'hand_in_deadline',
    );
  });
});
