import { describe, expect, it } from 'vitest';
import { validationMessage } from './validation-messages';

describe('validationMessage', () => {
  it('says a format the same way in a form field and in a spreadsheet row', () => {
    for (const format of ['uri', 'email', 'date']) {
      const sentence = validationMessage('format', { format }, undefined, 'sentence');
      const fragment = validationMessage('format', { format }, undefined, 'fragment');
      expect(sentence.startsWith('Enter ')).toBe(true);
      expect(fragment).toBe(`is not ${sentence.slice('Enter '.length, -1)}`);
    }
  });

  it('names types in plain words, never JSON type names', () => {
    expect(validationMessage('type', { type: 'string' }, 'must be string', 'fragment')).toBe('must be text');
    expect(validationMessage('type', { type: 'string' }, 'must be string', 'sentence')).toBe('Must be text.');
    expect(validationMessage('type', { type: 'integer,null' }, undefined, 'fragment')).toBe(
      'must be a whole number or empty',
    );
    expect(validationMessage('type', { type: ['array', 'boolean'] }, undefined, 'fragment')).toBe(
      'must be a list or true or false',
    );
  });

  it('falls back to the validator’s own words for a keyword it does not know', () => {
    expect(validationMessage('const', {}, 'must be equal to constant', 'fragment')).toBe('must be equal to constant');
  });
});
