import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

/** Milliseconds planning `prompt` takes at best over a few tries, so a busy machine's pauses do not count. */
function planMs(prompt: string): number {
  let best = Infinity;
  for (let attempt = 0; attempt < 5; attempt++) {
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

/** Below this a time is too small to tell linear from quadratic growth on a shared machine. */
const MEASURABLE_MS = 3;

/**
 * Doubling a prompt (within the 4,000 characters the planner reads) at most about doubles its time:
 * quadratic patterns would quadruple it.
 */
function expectLinear(make: (length: number) => string): void {
  const half = planMs(make(2000));
  const full = planMs(make(4000));
  if (full < MEASURABLE_MS) return;
  expect(full, `2,000 characters took ${half.toFixed(1)} ms, 4,000 took ${full.toFixed(1)} ms`).toBeLessThan(3 * half);
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

  it.each(shapes)('grows linearly on %s', (_name, lead, unit) => {
    expectLinear((length) => shaped(lead, unit, length));
  });

  it('plans a 4,000-character prompt of any repeated shape in a few milliseconds', () => {
    const piece = fc.constantFrom('a', 'b', '-', ' ', ',', '(', ')', '/', ':', '.', '@', '1', 'or ', 'the ', '\n');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        const ms = planMs(shaped('summarize ', pieces.join(''), 4000));
        expect(ms, JSON.stringify(pieces.join(''))).toBeLessThan(25);
      }),
      { numRuns: 80 },
    );
  });
});
