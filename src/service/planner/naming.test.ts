import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { itReads } from './reading/test-support/it-reads';

const nameOf = (prompt: string) => planWorkflow(prompt, {}).name;

/** Names from the prompt's main verb and object (issue 14), on sentences outside the held-out set. */
describe('workflow names', () => {
  itReads(nameOf, {
    'names what a finding verb looks for': {
      'Fetch the weekly exchange rates for a list of currencies': 'Weekly Exchange Rates',
      "Look up the hotel's address, star rating and check-in time from its name": 'Hotel Profile',
    },
    'names a summary of something after that thing, not its owner': {
      "Every evening, email the manager a summary of the day's failed payments": 'Failed Payments Summary',
    },
    'names new verbs by what they do to their object': {
      'Enrich a contact from their email address': 'Contact Enrichment',
      'Reconcile a bank statement against the ledger export': 'Bank Statement Reconciliation',
    },
    'ends an object before a participle that has its own object': {
      'Write a tweet thanking a customer for a review': 'Tweet',
    },
  });

  it('leaves schedules and services out of the name', () => {
    expect(nameOf('Every Monday at 9am, post the sprint burndown summary to Slack')).not.toMatch(/monday|slack|9am/i);
  });
});
