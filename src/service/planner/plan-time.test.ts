import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

/** Milliseconds planning `prompt` takes at best over a few tries, so a busy machine's pauses do not count. */
function planMs(prompt: string): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 7; attempt++) {
    const started = performance.now();
    try {
      planWorkflow(prompt, {});
    } catch {
      // A refusal takes time too; only the time matters here.
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** A prompt of `length` characters: `unit` repeated after an optional lead-in. */
const shaped = (lead: string, unit: string, length: number) =>
  (lead + unit.repeat(Math.ceil(length / unit.length))).slice(0, length);

/** The goal is about 50 ms for a 6,000-character prompt; the rest is headroom for a shared, busy machine. */
const BUDGET_MS = 75;

/**
 * A prompt of the full 6,000 characters the planner reads plans within the budget: the quadratic
 * shapes this guards against (long hyphenated runs through the tagger) took 200 ms and more.
 */
function expectFast(make: (length: number) => string): void {
  const ms = planMs(make(6000));
  expect(ms, `6,000 characters took ${ms.toFixed(1)} ms`).toBeLessThan(BUDGET_MS);
}

describe('planning time', () => {
  const shapes: Array<[string, string, string]> = [
    ['a hyphenated run', 'summarize the ', 'a-'],
    ['a hyphenated run of capitals', '', 'A-'],
    ['hyphenated words', 'summarize ', 'state-of-the-art-'],
    ['hyphens before digits', 'summarize ', 'a1-'],
    ['one long word', '', 'a'],
    ['many spaces', 'summarize the notes', ' '],
    ['words', '', 'summarize the notes '],
    ['e-mail addresses', 'extract ', 'a.b-c@d-e.co '],
    ['links', 'summarize ', 'https://a-b.c/d-e?f=g '],
    ['comma lists', 'tone: ', 'formal, '],
    ['or lists', 'a ', 'formal or '],
    ['brackets', 'priority ', '(a-b '],
    ['rules', 'the ', 'a-b must be '],
  ];

  it.each(shapes)('plans %s fast', (_name, lead, unit) => {
    expectFast((length) => shaped(lead, unit, length));
  });

  it('plans a 6,000-character prompt of any repeated shape within the budget', () => {
    const piece = fc.constantFrom('a', 'b', '-', ' ', ',', '(', ')', '/', ':', '.', '@', '1', 'or ', 'the ', '\n');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        const ms = planMs(shaped('summarize ', pieces.join(''), 6000));
        expect(ms, JSON.stringify(pieces.join(''))).toBeLessThan(BUDGET_MS);
      }),
      { numRuns: 80 },
    );
  });
});
