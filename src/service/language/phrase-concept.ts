/**
 * What a phrase of a few words names in the vocabulary of field concepts (src/contract/field-concepts.ts):
 * the whole phrase, its last two words, or its head, with the words a unit or a participle adds left out.
 */
import { conceptOf, type FieldConcept } from '../../contract/field-concepts';
import { TIME_SPANS, TIME_STATES } from './counts';
/**
 * Units of measure written after what they measure ("weight kg"); not time ("opening hours", "notice
 * weeks"), nor a count's own words ("storage unit", "key words").
 */
const MEASURES =
  /^(?:kg|g|mg|lb|lbs|oz|km|mi|miles?|m|cm|mm|m2|m²|sqm|sqft|ft|feet|metres?|meters?|litres?|liters?|l|ml|mph|kph|kwh)$/;

/** "weight kg" → "kg": the unit of measure a two-word phrase gives its value in, if it ends with one. */
export const measuredIn = (words: readonly string[]): string | undefined =>
  words.length === 2 && MEASURES.test(words[1]!) ? words[1] : undefined;

/** "paid", "sent", "found": what happened to a thing, said after it ("date sent", "the tasks done"). */
export const PAST_PARTICIPLE = /^(?:[a-z]+(?:ed|en|wn|id)|done|sent|spent|left|won|lost|sold|bought|kept|told|found)$/i;

/** "days late", "weeks remaining": a span of time in some state is a number of them. */
const spanState = (words: readonly string[]) =>
  words.length === 2 && TIME_SPANS.test(words[0]!) && TIME_STATES.test(words[1]!);

/** The concept a phrase's words name, trying the whole phrase, its last two words, then its head. */
export function conceptOfPhrase(words: string[], head: string, perUnit = false): FieldConcept | undefined {
  const whole = conceptOf(words.join(' ')) ?? conceptOf(words.slice(-2).join(' '));
  // ("opening hours per day" counts hours, where "the opening hours" are a timetable.)
  if (perUnit && whole?.kind === 'string' && whole.word.includes(' '))
    return conceptOf(head) ?? conceptOf(words.at(-1) ?? head) ?? whole;
  // "weight kg", "miles driven": a value given in a unit of measure is a number of them.
  const unitDone = words.length === 2 && MEASURES.test(words[0]!) && /(?:ed|en|wn)$/.test(words[1]!);
  return (
    whole ??
    // "date paid", "amount seen": a value named by what happened to it.
    (words.length === 2 && PAST_PARTICIPLE.test(words[1]!) ? conceptOf(words[0]!) : undefined) ??
    (measuredIn(words) !== undefined || unitDone || spanState(words)
      ? (conceptOf(words[0]!) ?? conceptOf('amount'))
      : undefined) ??
    conceptOf(head) ??
    conceptOf(words.at(-1) ?? head)
  );
}

/** "the opening hours": a concept whose own name is plural names one value, not a list. */
export const namesOne = (concept: FieldConcept | undefined, words: readonly string[]) =>
  concept?.word.includes(' ') === true && [concept.word, ...concept.same].includes(words.slice(-2).join(' '));
