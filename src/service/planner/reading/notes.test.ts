import { describe, expect, it } from 'vitest';
import { readPlanningNotes } from './notes';
import { leftOf, stateAfter } from './test-support/it-reads';

function notesOf(prompt: string) {
  const state = stateAfter(readPlanningNotes, prompt);
  return { notes: state.notes, left: leftOf(state) };
}

const kinds = (prompt: string) => notesOf(prompt).notes.map((note) => note.kind);

describe('readPlanningNotes', () => {
  it('notes a schedule, quoting it as written, and takes its words out', () => {
    expect(notesOf('Each weekday at 9am, list overdue invoices')).toEqual({
      notes: [
        { kind: 'schedule', text: "Runs on demand; 'Each weekday at 9am' is not scheduled by the local service." },
      ],
      left: ', list overdue invoices',
    });
    expect(kinds('Back up the notes nightly.')).toEqual(['schedule']);
    expect(kinds('on Fridays, send a digest')).toEqual(['schedule']);
  });

  it('keeps "daily" that describes a noun', () => {
    expect(kinds('Chart the daily sales figures')).toEqual([]);
  });

  it('notes a trigger, but not a rule written with "when"', () => {
    expect(notesOf('Whenever a customer signs up, write a welcome note').notes).toEqual([
      {
        kind: 'trigger',
        text: "Runs when started; 'Whenever a customer signs up' is not watched for by the local service.",
      },
    ]);
    expect(kinds('Fail when a value is missing')).toEqual([]);
    expect(kinds('a nickname when available')).toEqual([]);
  });

  it('notes services a result goes to, not a kind of text named after one', () => {
    expect(notesOf('Save the invoice to Airtable and ping the team on Slack').notes.map((n) => n.text)).toEqual([
      'Returns its results here; Slack is not connected to the local service.',
      'Returns its results here; Airtable is not connected to the local service.',
    ]);
    expect(kinds('Write a LinkedIn post about a launch')).toEqual([]);
    expect(notesOf('Total the orders and add them to a Google Sheet').left).toBe('total the orders');
    expect(kinds('Share it on LinkedIn')).toEqual(['integration']);
  });

  it('notes sending email without taking what is sent', () => {
    const { notes, left } = notesOf('Email the manager a recap of the expense reports');
    expect(notes.map((note) => note.kind)).toEqual(['integration']);
    expect(left).toBe('a recap of the expense reports');
  });

  it('notes browsing when the prompt would need the web', () => {
    expect(kinds('Scrape the pricing from a competitor website')).toEqual(['browsing']);
    expect(kinds('Summarize a blog post')).toEqual([]);
  });
});
