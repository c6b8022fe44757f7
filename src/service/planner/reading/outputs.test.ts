import { describe } from 'vitest';
import { readOutputs } from './outputs';
import { itStageReads, leftOf } from './test-support/it-reads';

describe('readOutputs', () => {
  itStageReads(readOutputs, leftOf, {
    'takes out what a finding verb must come up with, up to what it works from': {
      'Look up the founding year and the CEO from a company name': 'look up and from a company name',
      'figure out the shipping cost and delivery time for a parcel': 'figure out and for a parcel',
    },
    'keeps output nouns, which say what to make': {
      'find the main risks and return a report': 'find and return a report',
      'find a summary of the risks': 'find a summary of the risks',
    },
    'takes out a judgement the workflow makes, up to the next clause': {
      'Read a lease and say whether the deposit is refundable, then write a memo':
        'read a lease and , then write a memo',
      'decide if the claim is valid: the amount and the date': ': the amount and the date',
    },
  });
});
