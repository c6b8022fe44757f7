import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const nameOf = (prompt: string) => planWorkflow(prompt, {}).name;

/** Names from the prompt's main verb and object (issue 14), on sentences outside the held-out set. */
describe('workflow names', () => {
  it('names what a finding verb looks for', () => {
    expect(nameOf('Fetch the weekly exchange rates for a list of currencies')).toBe('Weekly Exchange Rates');
    expect(nameOf("Look up the hotel's address, star rating and check-in time from its name")).toBe('Hotel Profile');
  });

  it('names a summary of something after that thing, not its owner', () => {
    expect(nameOf("Every evening, email the manager a summary of the day's failed payments")).toBe(
      'Failed Payments Summary',
    );
  });

  it('names new verbs by what they do to their object', () => {
    expect(nameOf('Enrich a contact from their email address')).toBe('Contact Enrichment');
    expect(nameOf('Reconcile a bank statement against the ledger export')).toBe('Bank Statement Reconciliation');
  });

  it('ends an object before a participle that has its own object', () => {
    expect(nameOf('Write a tweet thanking a customer for a review')).toBe('Tweet');
  });

  it('leaves schedules and services out of the name', () => {
    expect(nameOf('Every Monday at 9am, post the sprint burndown summary to Slack')).not.toMatch(/monday|slack|9am/i);
  });
});
