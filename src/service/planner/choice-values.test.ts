/**
 * Words a choice's value may hold, and what a "how often" asks: "and" between the words of one item of a
 * list of commas ("(fish and chips, pie or salad)"), "a" before a span ("three times a week"), and a
 * choice after "how often" is the frequency, not a value of the input before it; adjectives said right
 * after their noun in a list ("jumper size small or large") are its values. Prompts written for the test,
 * not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { plannedProperties as properties } from '../test-support/planned-inputs';

describe('a value of a choice', () => {
  it('keeps "and" between the words of one item', () => {
    expect(properties('Lunch order: name and meal (fish and chips, pie or salad).').meal?.enum).toEqual([
      'fish and chips',
      'pie',
      'salad',
    ]);
    expect(
      properties('Salon booking: client name and treatment (wash and cut, colour or blow dry).').treatment?.enum,
    ).toEqual(['wash and cut', 'colour', 'blow dry']);
  });

  it('still parts items "and" joins in a list without "or"', () => {
    expect(Object.keys(properties('Lunch order: the name, the meal and the drink.'))).toEqual([
      'name',
      'meal',
      'drink',
    ]);
  });

  it('keeps "a" before a span', () => {
    expect(
      properties('Cleaning visit: address and frequency (weekly, fortnightly or once a month).').frequency?.enum,
    ).toEqual(['weekly', 'fortnightly', 'once a month']);
  });
});

describe('a choice after "how often"', () => {
  it('is the frequency', () => {
    const asked = properties(
      'Physio plan: the patient’s name and how often to stretch: daily, twice daily or three times a week.',
    );
    expect(asked.frequency?.enum).toEqual(['daily', 'twice daily', 'three times a week']);
    expect(asked.patient_name).toEqual(expect.objectContaining({ type: 'string' }));
    expect(asked.patient_name?.enum).toBeUndefined();
  });

  it('is the frequency in brackets too, and leaves the name a name', () => {
    const asked = properties('Swim lesson note: the pupil’s name and how often they swim (daily, weekly or monthly).');
    expect(asked.frequency?.enum).toEqual(['daily', 'weekly', 'monthly']);
    expect(asked.pupil_name?.enum).toBeUndefined();
  });
});

describe('values said right after their noun in a list', () => {
  it('are the choice of that noun, and the list goes on', () => {
    const asked = properties(
      'Uniform order: pupil name, sleeve length short or long, jumper size small or large, and the due date.',
    );
    expect(Object.keys(asked)).toEqual(['pupil_name', 'sleeve_length', 'jumper_size', 'due_date']);
    expect(asked.sleeve_length?.enum).toEqual(['short', 'long']);
    expect(asked.jumper_size?.enum).toEqual(['small', 'large']);
  });

  it('leave a catch-all "other" to the categories it ends', () => {
    const asked = properties('Given a support email, label it as billing, shipping, product quality or other.');
    expect(Object.keys(asked)).toEqual(['support_email']);
  });
});
