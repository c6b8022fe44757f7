import { describe, expect, it } from 'vitest';
import { readCompounds } from './compounds';
import { fieldsOf, leftOf, stateAfter } from './test-support/it-reads';

function read(prompt: string) {
  const state = stateAfter(readCompounds, prompt);
  return { fields: fieldsOf(state), left: leftOf(state) };
}

describe('readCompounds', () => {
  it('reads "date and time" as one date-time, named after what it belongs to', () => {
    expect(read('ask for the delivery date and time and an address')).toEqual({
      fields: ['delivery_date_time:datetime'],
      left: 'ask for the and an address',
    });
    expect(read('the date and time of the interview').fields).toEqual(['interview_date_time:datetime']);
    expect(read('a date and time').fields).toEqual(['date_time:datetime']);
  });

  it('reads a range in parentheses as its two ends', () => {
    expect(read('for a reporting period (start date and end date) and a team').fields).toEqual([
      'start_date:date',
      'end_date:date',
    ]);
    expect(read('a window (opening date, closing date)').fields).toEqual(['opening_date:date', 'closing_date:date']);
  });

  it('reads a bare date range as a start and an end date', () => {
    expect(read('List bookings between two dates').fields).toEqual(['start_date:date', 'end_date:date']);
    expect(read('sales for a date range').left).toBe('sales for');
  });

  it('leaves a range of other things alone', () => {
    expect(read('a price range (cheap or premium)').fields).toEqual([]);
  });
});
