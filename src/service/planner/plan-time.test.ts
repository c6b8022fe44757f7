import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planWorkflow } from './plan';

/** Milliseconds planning `prompt` takes. */
function planMs(prompt: string): number {
  const started = performance.now();
  try {
    planWorkflow(prompt, {});
  } catch {
    // A refusal takes time too; only the time matters here.
  }
  return performance.now() - started;
}

/** A prompt of `length` characters: `unit` repeated after an optional lead-in. */
const shaped = (lead: string, unit: string, length: number) =>
  (lead + unit.repeat(Math.ceil(length / unit.length))).slice(0, length);

/**
 * Work that grows with the square of the prompt's length (long hyphenated runs through the tagger took
 * 200 ms and more at 6,000 characters) takes sixteen times as long for four times the text; linear
 * work takes four times as long. The ratio, unlike a number of milliseconds, holds on a slow or busy
 * machine, and MAX_RATIO sits a factor of two from each. Under NOISE_MS a run is too short for its
 * ratio to mean anything. A pause of the whole process (another suite's burst on a two-core machine)
 * can still land on every timing of one round, so a shape fails only when ROUNDS rounds in a row say
 * so; quadratic work says so every time. CEILING_MS catches only what is slow beyond doubt at any
 * length: the speed itself is measured in `npm run bench`.
 */
const MAX_RATIO = 8;
const NOISE_MS = 30;
const CEILING_MS = 2_000;
const ROUNDS = 3;

/** A quarter and the whole timed in turn, the best of each kept, so both see the same load. */
function timeRound(make: (length: number) => string): { quarter: number; whole: number } {
  let quarter = Infinity;
  let whole = Infinity;
  for (let attempt = 0; attempt < 9; attempt++) {
    quarter = Math.min(quarter, planMs(make(1500)));
    whole = Math.min(whole, planMs(make(6000)));
  }
  return { quarter, whole };
}

function expectLinear(make: (length: number) => string): void {
  let round = timeRound(make);
  const linear = ({ quarter, whole }: typeof round) =>
    whole < CEILING_MS && (whole <= NOISE_MS || whole / quarter < MAX_RATIO);
  for (let again = 1; again < ROUNDS && !linear(round); again++) round = timeRound(make);
  const said = `1,500 characters took ${round.quarter.toFixed(1)} ms, 6,000 took ${round.whole.toFixed(1)} ms`;
  expect(round.whole, said).toBeLessThan(CEILING_MS);
  if (round.whole > NOISE_MS) expect(round.whole / round.quarter, said).toBeLessThan(MAX_RATIO);
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
    ['items asked as questions', 'quote: name, ', 'bringing a dog? Bedrooms? '],
  ];

  it.each(shapes)('plans %s in time that grows no faster than its length', (_name, lead, unit) => {
    expectLinear((length) => shaped(lead, unit, length));
  });

  it('plans a prompt of any repeated shape in time that grows no faster than its length', () => {
    const piece = fc.constantFrom('a', 'b', '-', ' ', ',', '(', ')', '/', ':', '.', '?', '@', '1', 'or ', 'the ', '\n');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        expectLinear((length) => shaped('summarize ', pieces.join(''), length));
      }),
      { numRuns: 80 },
    );
  });
});
