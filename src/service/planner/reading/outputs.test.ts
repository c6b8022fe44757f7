import { describe, expect, it } from 'vitest';
import { readOutputs } from './outputs';
import { leftOf, stateAfter } from './test-state';

const left = (prompt: string) => leftOf(stateAfter(readOutputs, prompt));

describe('readOutputs', () => {
  it('takes out what a finding verb must come up with, up to what it works from', () => {
    expect(left('Look up the founding year and the CEO from a company name')).toBe('look up and from a company name');
    expect(left('figure out the shipping cost and delivery time for a parcel')).toBe('figure out and for a parcel');
  });

  it('keeps output nouns, which say what to make', () => {
    expect(left('find the main risks and return a report')).toBe('find and return a report');
    expect(left('find a summary of the risks')).toBe('find a summary of the risks');
  });

  it('takes out a judgement the workflow makes, up to the next clause', () => {
    expect(left('Read a lease and say whether the deposit is refundable, then write a memo')).toBe(
      'read a lease and , then write a memo',
    );
    expect(left('decide if the claim is valid: the amount and the date')).toBe(': the amount and the date');
  });
});
