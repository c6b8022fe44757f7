import type { ReadState } from './state';

/** How fast a batch may run: "one at a time" is low, "in bulk" or "thousands" is high. */
export function readConcurrency(state: ReadState): void {
  const { prompt } = state;
  for (const match of prompt.matches(
    /\b(?:one at a time|one by one|sequential(?:ly)?|in sequence|serially|one after (?:the )?other|one after another|never in parallel)\b/g,
  )) {
    state.concurrency = 'low';
    prompt.mask(match.index, match.index + match[0].length);
  }
  if (state.concurrency === 'low') return;
  for (const match of prompt.matches(
    /\b(?:fast|quickly|quick|rapid(?:ly)?|in bulk|bulk|many|lots of|large batch(?:es)?|high[- ]volume|in parallel|parallel|thousands|hundreds|at scale|as fast as possible)\b/g,
  )) {
    state.concurrency = 'high';
    prompt.mask(match.index, match.index + match[0].length);
  }
}
