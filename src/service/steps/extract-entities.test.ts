import { describe, expect, it } from 'vitest';
import { extractEntities } from './extract-entities';

const NOTES = `Weekly sync — 3 March 2026
Attendees: Ana Ruiz (ana.ruiz@example.com), Bob Lee <bob@acme.io>, and ANA.RUIZ@example.com again.
We reviewed the Q3 budget of $12,500 and a 15% increase in support tickets (INV-1042 is still open).
The launch moved to 2026-04-15. See https://acme.io/roadmap?tab=q2, and www.example.org/notes.
Call +1 (555) 123-4567 at 10:30 am if blocked; the old date 2026-02-30 was a typo.
Action: Bob to send the revised deck by Friday.
- [ ] Ana will draft the FAQ by April 2, 2026
Please update the status page.
It will be sunny. The budget will be reviewed in 2 weeks, and load time fell by 1.5 seconds to 12/31/2026.`;

describe('extractEntities', () => {
  const found = extractEntities(NOTES);

  it('finds each email once, whatever its case', () => {
    expect(found.emails).toEqual(['ana.ruiz@example.com', 'bob@acme.io']);
  });

  it('finds links with and without a scheme, without trailing punctuation', () => {
    expect(found.urls).toEqual(['https://acme.io/roadmap?tab=q2', 'www.example.org/notes']);
  });

  it('finds ISO, written and numeric dates and rejects impossible ones', () => {
    expect(found.dates).toEqual([
      { text: '3 March 2026', iso: '2026-03-03' },
      { text: '2026-04-15', iso: '2026-04-15' },
      { text: 'April 2, 2026', iso: '2026-04-02' },
      { text: '12/31/2026', iso: '2026-12-31' },
    ]);
  });

  it('finds numbers with currency and units, but not the digits of ids, dates, times, phones or links', () => {
    expect(found.numbers).toEqual([
      { text: '$12,500', value: 12500, unit: 'USD' },
      { text: '15%', value: 15, unit: '%' },
      { text: '2 weeks', value: 2, unit: 'weeks' },
      { text: '1.5 seconds', value: 1.5, unit: 'seconds' },
    ]);
  });

  it('finds action items with their owner and due date, and ignores plain statements', () => {
    expect(found.action_items).toEqual([
      { text: 'Bob to send the revised deck by Friday.', owner: 'Bob', due: 'Friday' },
      { text: 'Ana will draft the FAQ by April 2, 2026', owner: 'Ana', due: '2026-04-02' },
      { text: 'Please update the status page.', owner: null, due: null },
    ]);
  });

  it('reads negative amounts and other currencies', () => {
    expect(extractEntities('Refund -€40 and 3 kg, then £7.25 or 1,000,000 USD.').numbers).toEqual([
      { text: '-€40', value: -40, unit: 'EUR' },
      { text: '3 kg', value: 3, unit: 'kg' },
      { text: '£7.25', value: 7.25, unit: 'GBP' },
      { text: '1,000,000 USD', value: 1000000, unit: 'USD' },
    ]);
  });

  it('finds everyday written dates, with or without a weekday, year or full stop', () => {
    const text = 'Tue, 3rd of Mar. is set; Sept. 5 and 5-Mar-2026 too, then 2026/03/05 and Thursday, 12 March 2026.';
    expect(extractEntities(text).dates).toEqual([
      { text: 'Tue, 3rd of Mar.', iso: null },
      { text: 'Sept. 5', iso: null },
      { text: '5-Mar-2026', iso: '2026-03-05' },
      { text: '2026/03/05', iso: '2026-03-05' },
      { text: 'Thursday, 12 March 2026', iso: '2026-03-12' },
    ]);
  });

  it('takes no time, weekday, span or fraction for a date, and reads dotted dates day first', () => {
    const found = extractEntities('We march on Friday at 10:30 in 2 weeks with 1/2 cup; due 3.4.2026.');
    expect(found.dates).toEqual([{ text: '3.4.2026', iso: '2026-04-03' }]);
    expect(found.numbers).toContainEqual({ text: '2 weeks', value: 2, unit: 'weeks' });
  });

  it('returns empty lists for text with nothing to find', () => {
    expect(extractEntities('')).toEqual({ emails: [], urls: [], dates: [], numbers: [], action_items: [] });
  });
});
