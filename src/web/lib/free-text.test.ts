import { describe, expect, it } from 'vitest';
import { isFreeText } from './free-text';

describe('isFreeText', () => {
  it('takes a large maxLength as free text, whatever the words', () => {
    expect(isFreeText({ type: 'string', maxLength: 5000 }, 'x')).toBe(true);
    expect(isFreeText({ type: 'string', maxLength: 1000 })).toBe(true);
  });

  it('takes a title or description that names prose', () => {
    expect(isFreeText({ type: 'string', description: 'The meeting notes as free text; paste it in full.' })).toBe(true);
    expect(isFreeText({ type: 'string', title: 'Email body' })).toBe(true);
    expect(isFreeText({ type: 'string', title: 'Transcript' })).toBe(true);
    expect(isFreeText({ type: 'string' }, 'meeting_notes')).toBe(true);
    expect(isFreeText({ type: 'string' }, 'messageText')).toBe(true);
  });

  it("reads prose words from the shared vocabulary's free-text concepts", () => {
    expect(isFreeText({ type: 'string' }, 'customer_feedback')).toBe(true);
    expect(isFreeText({ type: 'string', title: 'Job descr' })).toBe(true);
    expect(isFreeText({ type: 'string', title: 'Support tickets' })).toBe(true);
    // "minutes" is a number in the vocabulary, not the plural of meeting minutes.
    expect(isFreeText({ type: 'string', title: 'Minutes' })).toBe(false);
  });

  it('keeps names, codes, formats, enums and short limits on one line', () => {
    expect(isFreeText({ type: 'string', title: 'Customer name' }, 'customer_name')).toBe(false);
    expect(isFreeText({ type: 'string', format: 'email', description: 'Where to send the message' })).toBe(false);
    expect(isFreeText({ type: 'string', enum: ['short text', 'long text'] })).toBe(false);
    expect(isFreeText({ type: 'string', maxLength: 80, title: 'Subject text' })).toBe(false);
    expect(isFreeText({ type: 'integer', title: 'Number of paragraphs' })).toBe(false);
    expect(isFreeText({ type: 'string', title: 'Context' }, 'contextual')).toBe(false);
  });
});
