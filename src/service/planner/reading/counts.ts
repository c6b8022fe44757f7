import { makeField } from '../fields';
import { OUTPUT_WORDS, STOP } from '../lexicon';
import { snakeCase } from '../../workflow/text-case';
import { group, type ReadState } from './state';

/** Whole-number inputs: "the number of guests", "how many seats", "years of experience". */
export function readCounts(state: ReadState): void {
  const { prompt } = state;
  for (const match of prompt.matches(
    /\b(?:the )?(?:number|count|total number) of ([a-z][a-z-]*)\b|\bhow many ([a-z][a-z-]*)\b/g,
  )) {
    const noun = match[1] ?? group(match, 2);
    if (STOP.has(noun) || OUTPUT_WORDS.has(noun)) continue;
    state.fields.add(
      makeField(snakeCase(`number of ${noun}`), 'integer', 'number', match.index, { minimum: 0, qualified: true }),
    );
    prompt.mask(match.index, match.index + match[0].length);
  }
  for (const match of prompt.matches(/\b(years|months) of ([a-z]+)\b/g)) {
    state.fields.add(
      makeField(snakeCase(match[0]), 'integer', group(match, 1), match.index, { minimum: 0, qualified: true }),
    );
    prompt.mask(match.index, match.index + match[0].length);
  }
}
