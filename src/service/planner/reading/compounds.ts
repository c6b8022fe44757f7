import { makeField, phraseToField } from '../fields';
import { CREATION_VERBS, FILLER, STOP, TRANSFORM_VERBS } from '../lexicon';
import { snakeCase } from '../../workflow/text-case';
import { splitItems } from './items';
import { group, groupStart, type ReadState } from './state';

const isQualifier = (word: string) =>
  /^[a-z][a-z-]*$/.test(word) &&
  !STOP.has(word) &&
  !FILLER.has(word) &&
  !CREATION_VERBS.has(word) &&
  TRANSFORM_VERBS[word] === undefined;

/** The words before a compound that say whose it is: "the [appointment] date and time". */
function qualifierOf(before: string): string {
  const words = before.trim().split(/\s+/).slice(-2);
  while (words.length > 0 && !isQualifier(words[0] ?? '')) words.shift();
  return words.every(isQualifier) ? words.join(' ') : '';
}

/**
 * Phrases made of two inputs that belong together: "appointment date and time" is one date-time,
 * "a date range (start date and end date)" or "a review period" are a start and an end date.
 */
export function readCompounds(state: ReadState): void {
  const { prompt } = state;
  for (const match of prompt.matches(/\bdate and time(?: of (?:the |an? )?([a-z][a-z-]*))?\b/g)) {
    const owner = group(match, 1) || qualifierOf(prompt.lower.slice(Math.max(0, match.index - 40), match.index));
    const key = snakeCase(`${owner} date time`);
    state.fields.add(makeField(key, 'datetime', 'datetime', match.index, { qualified: owner !== '' }));
    prompt.mask(match.index - (group(match, 1) ? 0 : owner.length + (owner ? 1 : 0)), match.index + match[0].length);
  }
  // "a date range (start date and end date)", "the review period (from date, to date)"
  for (const match of prompt.matches(/\b(?:date |time |reporting |review )?(?:range|period|window)\s*\(([^()]+)\)/g)) {
    const fields = splitItems(group(match, 1), groupStart(match, 1) - 1).map((item) =>
      phraseToField(item.text, item.start, { allowUnknown: false }),
    );
    if (fields.length < 2 || fields.some((field) => field === null)) continue;
    for (const field of fields) if (field) state.fields.add(field);
    prompt.mask(match.index, match.index + match[0].length);
  }
  // "for a date range", "between two dates": a start and an end.
  for (const match of prompt.matches(/\b(?:an? |the )?date range\b|\bbetween two dates\b/g)) {
    state.fields.add(makeField('start_date', 'date', 'date', match.index, { qualified: true }));
    state.fields.add(makeField('end_date', 'date', 'date', match.index + 1, { qualified: true }));
    prompt.mask(match.index, match.index + match[0].length);
  }
}
