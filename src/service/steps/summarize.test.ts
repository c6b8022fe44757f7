import { describe, expect, it } from 'vitest';
import { splitSentences, summarize } from './summarize';

const ARTICLE = `Solar panels on the new warehouse roof now cover most of the site's daytime power. The weather was mild this week.
Installers finished the roof panels two weeks early, and the panels produced 40 MWh in their first month.
Lunch was pizza. Dr. Okafor said the warehouse will sell surplus solar power back to the grid.

Parking is free on Sundays. Next year the company plans more solar panels on the second warehouse.`;

describe('splitSentences', () => {
  it('does not split after abbreviations, initials or decimals', () => {
    expect(
      splitSentences('Dr. J. Smith paid 3.5 dollars, e.g. for tea. Then he left! Did he?').map((s) => s.text),
    ).toEqual(['Dr. J. Smith paid 3.5 dollars, e.g. for tea.', 'Then he left!', 'Did he?']);
  });

  it('treats bullet lines and separate lines as separate sentences, but joins wrapped lines', () => {
    expect(
      splitSentences('Title line\n- first point\n- second point that\n  wraps here\nLast line.').map((s) => s.text),
    ).toEqual(['Title line', 'first point', 'second point that wraps here', 'Last line.']);
  });
});

describe('summarize', () => {
  it('keeps the most topical sentences and drops the asides', () => {
    const summary = summarize(ARTICLE, 3);
    expect(summary).toHaveLength(3);
    for (const aside of ['The weather was mild this week.', 'Lunch was pizza.', 'Parking is free on Sundays.'])
      expect(summary).not.toContain(aside);
    expect(summary[0]).toBe("Solar panels on the new warehouse roof now cover most of the site's daytime power.");
  });

  it('returns the chosen sentences in their original order', () => {
    const sentences = splitSentences(ARTICLE).map((s) => s.text);
    const summary = summarize(ARTICLE, 4);
    const positions = summary.map((sentence) => sentences.indexOf(sentence));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('returns every sentence of a short text, and nothing for no text', () => {
    expect(summarize('One idea. Two ideas.', 3)).toEqual(['One idea.', 'Two ideas.']);
    expect(summarize('   ', 3)).toEqual([]);
  });
});
