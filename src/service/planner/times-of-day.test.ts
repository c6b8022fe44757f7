/**
 * A time in a prompt is one of three things: the time of day of something whose date is asked apart
 * ("the date, departure and return times"), a moment when no date is ("their appointment time", "the
 * start time of the outage"), or how long something took ("response time", "time spent"). Prompts
 * written for the test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

type Property = { type?: string; format?: string };
const properties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, Property>;
const formatOf = (prompt: string, key: string) => properties(prompt)[key]?.format;

describe('a time of day', () => {
  it('is asked beside the date it falls on', () => {
    const form = properties(
      'Write a booking confirmation for a dog groomer: owner name, dog name, booking date, drop-off time and pick-up time.',
    );
    expect(form.booking_date?.format).toBe('date');
    expect(form.drop_off_time?.format).toBe('time');
    expect(form.pick_up_time?.format).toBe('time');
  });

  it('is the time of an appointment whose date is asked apart', () => {
    expect(
      formatOf(
        'Text a patient about their physio session: patient name, session date, appointment time.',
        'appointment_time',
      ),
    ).toBe('time');
  });

  it('is the time someone arrives, starts or leaves in a day', () => {
    expect(
      formatOf(
        'Make a site visit record for an electrician: customer name, address, arrival time and the work done.',
        'arrival_time',
      ),
    ).toBe('time');
    const shift = properties("Log a security guard's shift: guard name, start and finish times, and any incidents.");
    expect(shift.start_time?.format).toBe('time');
    expect(shift.finish_time?.format).toBe('time');
  });
});

describe('a moment', () => {
  it('is an appointment time asked without a date', () => {
    expect(formatOf('Send a reminder to a client with their name and appointment time.', 'appointment_time')).toBe(
      'date-time',
    );
  });

  it('is the time of a happening when no date is asked', () => {
    const form = properties(
      'Summarise a power cut for the facilities team from the building, the start time of the power cut and the number of floors affected.',
    );
    expect(Object.values(form).some((p) => p.format === 'date-time')).toBe(true);
    expect(Object.values(form).some((p) => p.format === 'time')).toBe(false);
  });

  it('is "the date and time" of something, said together', () => {
    expect(
      formatOf('Confirm a table booking: guest name, party size and the booking date and time.', 'booking_date_time'),
    ).toBe('date-time');
  });
});

describe('a length of time', () => {
  it.each([
    [
      'Report on a support agent from their name, the average response time in minutes and the tickets closed.',
      'average_response_time',
    ],
    ['Write a job summary for a decorator: client, rooms painted and the time spent.', 'time_spent'],
    ['Quote a delivery from the distance in miles and the travel time.', 'travel_time'],
  ])('is a number: %s', (prompt, key) => {
    const field = properties(prompt)[key];
    expect(field?.type).toBe('number');
    expect(field?.format).toBeUndefined();
  });
});
