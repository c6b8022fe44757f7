import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';
import { summary } from './test-support/plan-shape';

const fieldsOf = (prompt: string) => summary(planWorkflow(prompt, {})).fields;

/** Whole plans for each understanding of issue 14, on sentences of their own (not the held-out set). */
describe('planWorkflow inputs and outputs', () => {
  it('does not ask for what the workflow must find', () => {
    expect(fieldsOf("Look up a supplier's address, VAT number and rating from its name and return JSON")).toEqual({
      supplier_name: 'string',
    });
  });

  it('does not invent a text when a link stands for the content', () => {
    expect(fieldsOf('Summarize a news article from its URL')).toEqual({ url: 'string:uri' });
  });

  it('reads a date range, a date and time, and the inputs listed around them', () => {
    expect(fieldsOf('Write a trip itinerary for a date range and a destination')).toEqual({
      start_date: 'string:date',
      end_date: 'string:date',
      destination: 'string',
    });
    expect(fieldsOf('Register a visitor: collect the visitor name, arrival date and time and the host name')).toEqual({
      visitor_name: 'string',
      arrival_date_time: 'string:date-time',
      host_name: 'string',
    });
  });

  it('reads a choice about what "it" is, and a judgement to make as no input', () => {
    expect(
      fieldsOf('Prepare a cover letter; the applicant picks whether it is formal, casual or enthusiastic'),
    ).toEqual({
      letter_type: 'enum:formal|casual|enthusiastic',
    });
    expect(fieldsOf('Review a tenancy agreement and say whether the deposit is refundable, then draft a memo')).toEqual(
      {
        tenancy_agreement: 'text',
      },
    );
  });

  it('takes schedules and services out of the inputs and notes them', () => {
    const plan = planWorkflow('Every Tuesday at 8am, email the team a digest of the open bugs in a list of bugs', {});
    expect(summary(plan).fields).toEqual({ bugs: 'list:string' });
    expect(plan.planning_notes?.map((note) => note.kind)).toEqual(['schedule', 'integration']);
  });
});
