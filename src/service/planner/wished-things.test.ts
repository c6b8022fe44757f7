/**
 * What a person says they want, after the story of their business: the thing itself, past a word
 * that only says how ("a short, respectful message"), without what is said of it after ("written for
 * the card"), and never a value they list ("I need first name, surname…"). Prompts written for the
 * test, not taken from the prompt sets.
 */
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

const nameOf = (prompt: string) => planWorkflow(prompt, {}).name;

describe('a wish after the story', () => {
  it('names the thing past a word that only says how, and without a participle after it', () => {
    expect(
      nameOf(
        'We run a small bakery and do lots of birthday cakes. When an order comes in, we need a short, cheerful note written for the box. It takes the child’s name and their age.',
      ),
    ).toBe('Cheerful Note');
  });

  it('names the job by the output the prompt says it should be', () => {
    expect(
      nameOf(
        'We are a lettings agency and our negotiators write up every viewing by hand. I would enter the property address, the viewer name and my notes. The output should be a one-page viewing report for the landlord.',
      ),
    ).toBe('Viewing Report');
  });

  it('reads values needed with no article as values, not the job', () => {
    expect(
      nameOf(
        'Part of my job is setting up library cards. I have to work out a card number for each new member. I need first name, surname and date of birth.',
      ),
    ).toBe('Card Number Calculator');
  });
});
